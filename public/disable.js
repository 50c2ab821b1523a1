// The page the browser is sent to when the organisation is disabled (spec section 2): no app, no API.
var texts = {
  'zh-CN': ['本单位已停用', '本单位的内控系统账户已被停用，暂时无法使用。如有疑问，请联系系统管理员。'],
  'zh-TW': ['本單位已停用', '本單位的內控系統帳戶已被停用，暫時無法使用。如有疑問，請聯絡系統管理員。'],
  'en-US': ['This organisation is disabled', 'The internal control system of this organisation has been disabled for now. Please contact your system administrator.'],
  'pt-BR': ['Esta organização está desativada', 'O sistema de controle interno desta organização está desativado no momento. Contate o administrador do sistema.']
};
var lang = 'en-US';
try {
  var stored = JSON.parse(localStorage.getItem('pro__app_language') || 'null');
  lang = (stored && stored.value) || lang;
} catch (e) {}
var t = texts[lang] || texts['en-US'];
document.documentElement.lang = lang;
document.getElementById('title').textContent = t[0];
document.getElementById('text').textContent = t[1];
