// The OpenAPI description as one plain HTML page, rendered here on the server: no script at all
// (the product runs under a strict Content-Security-Policy), one stylesheet allowed by its hash.
import crypto from 'node:crypto';
import { LOCALES, type Locale, type Localized } from '../../../validators/locale.ts';
import { codeList } from './openapi.ts';

type Json = Record<string, any>;

const LABEL = {
  contents: { 'zh-CN': '目录', 'zh-TW': '目錄', 'en-US': 'Contents', 'pt-BR': 'Sumário' },
  codes: { 'zh-CN': '响应码', 'zh-TW': '回應碼', 'en-US': 'Response codes', 'pt-BR': 'Códigos de resposta' },
  envelope: {
    'zh-CN': '每个 JSON 响应都是 { code, data, msg }；code 为 "0" 表示成功。',
    'zh-TW': '每個 JSON 回應都是 { code, data, msg }；code 為 "0" 表示成功。',
    'en-US': 'Every JSON answer is { code, data, msg }; code "0" is success.',
    'pt-BR': 'Toda resposta JSON é { code, data, msg }; code "0" é sucesso.',
  },
  permission: { 'zh-CN': '权限', 'zh-TW': '權限', 'en-US': 'Permission', 'pt-BR': 'Permissão' },
  token: {
    'zh-CN': '需要 token 请求头',
    'zh-TW': '需要 token 請求標頭',
    'en-US': 'needs the token header',
    'pt-BR': 'exige o cabeçalho token',
  },
  open: { 'zh-CN': '无需登录', 'zh-TW': '無需登入', 'en-US': 'no sign-in', 'pt-BR': 'sem login' },
  parameters: { 'zh-CN': '参数', 'zh-TW': '參數', 'en-US': 'Parameters', 'pt-BR': 'Parâmetros' },
  body: { 'zh-CN': '请求体', 'zh-TW': '請求主體', 'en-US': 'Request body', 'pt-BR': 'Corpo da requisição' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name', 'pt-BR': 'Nome' },
  in: { 'zh-CN': '位置', 'zh-TW': '位置', 'en-US': 'In', 'pt-BR': 'Em' },
  type: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Type', 'pt-BR': 'Tipo' },
  required: { 'zh-CN': '必填', 'zh-TW': '必填', 'en-US': 'Required', 'pt-BR': 'Obrigatório' },
  description: { 'zh-CN': '说明', 'zh-TW': '說明', 'en-US': 'Description', 'pt-BR': 'Descrição' },
  yes: { 'zh-CN': '是', 'zh-TW': '是', 'en-US': 'yes', 'pt-BR': 'sim' },
  json: { 'zh-CN': 'JSON 格式', 'zh-TW': 'JSON 格式', 'en-US': 'As JSON', 'pt-BR': 'Em JSON' },
} satisfies Record<string, Localized>;

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px 24px;color:#1f1f1f}
h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:32px}h3{font-size:15px;margin:20px 0 6px}
code,.path{font-family:ui-monospace,monospace}.method{display:inline-block;min-width:48px;font-weight:600;font-family:ui-monospace,monospace}
.get{color:#1a7f37}.post{color:#0550ae}.put,.patch{color:#9a6700}.delete{color:#cf222e}.meta{color:#555;margin:2px 0}
table{border-collapse:collapse;margin:6px 0 12px;width:100%}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}.toc ul{columns:3;padding-left:18px}.op{margin-bottom:18px}nav a{margin-right:10px}`;

/** The CSP source that lets exactly this page's stylesheet through. */
export const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A schema's type in a few characters: string(100), integer, string|null, enum a|b, Row[]. */
function typeText(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return String(schema.$ref).split('/').pop()!;
  if (Array.isArray(schema.enum)) return `enum ${schema.enum.join(' | ')}`;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeText).join(' | ');
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['any'];
  return types
    .map((t) => {
      if (t === 'array') return `${typeText(schema.items) || 'any'}[]`;
      if (t === 'string' && schema.maxLength !== undefined) return `string(${schema.maxLength})`;
      if (t === 'string' && schema.format) return `string(${schema.format})`;
      return t;
    })
    .join(' | ');
}

/** Rules beyond the type: pattern, bounds, default. */
function rulesText(schema: Json): string {
  const out: string[] = [];
  const first: Json = Array.isArray(schema.anyOf) ? (schema.anyOf.find((s: Json) => s.type !== 'null') ?? schema) : schema;
  if (first.pattern) out.push(`pattern ${first.pattern}`);
  if (first.minimum !== undefined) out.push(`≥ ${first.minimum}`);
  if (first.maximum !== undefined) out.push(`≤ ${first.maximum}`);
  if (first.minLength) out.push(`min ${first.minLength}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out.join('; ');
}

function table(head: string[], rows: string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

function resolve(doc: Json, node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((o: Json | undefined, k: string) => o?.[k], doc) as Json;
}

function operationHtml(doc: Json, path: string, method: string, op: Json, locale: Locale): string {
  const L = (k: keyof typeof LABEL) => LABEL[k][locale];
  const parts = [
    `<div class="op" id="${esc(op.operationId)}">`,
    `<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <span class="path">${esc(path)}</span> — ${esc(op.summary)}</h3>`,
    `<p class="meta">${esc(L('permission'))}: <code>${esc(op['x-permission'])}</code> · ${esc(
      op.security?.length ? L('token') : L('open'),
    )}</p>`,
  ];
  const params: Json[] = (op.parameters ?? []).map((p: Json) => resolve(doc, p));
  if (params.length) {
    parts.push(`<p><b>${esc(L('parameters'))}</b></p>`);
    parts.push(
      table(
        [L('name'), L('in'), L('type'), L('required'), L('description')],
        params.map((p) => [
          `<code>${esc(p.name)}</code>`,
          esc(p.in),
          esc(typeText(p.schema)),
          p.required ? esc(L('yes')) : '',
          esc([p.description, rulesText(p.schema ?? {})].filter(Boolean).join(' — ')),
        ]),
      ),
    );
  }
  const content: Json | undefined = op.requestBody?.content;
  if (content) {
    for (const [mediaType, media] of Object.entries(content) as Array<[string, Json]>) {
      const schema = resolve(doc, media.schema ?? {});
      const required: string[] = schema.required ?? [];
      const props = Object.entries((schema.properties ?? {}) as Record<string, Json>);
      parts.push(`<p><b>${esc(L('body'))}</b> <code>${esc(mediaType)}</code></p>`);
      if (props.length) {
        parts.push(
          table(
            [L('name'), L('type'), L('required'), L('description')],
            props.map(([name, prop]) => [
              `<code>${esc(name)}</code>`,
              esc(typeText(prop)),
              required.includes(name) ? esc(L('yes')) : '',
              esc([prop.title, rulesText(prop)].filter(Boolean).join(' — ')),
            ]),
          ),
        );
      }
      if (Array.isArray(schema.anyOf)) {
        parts.push(
          `<p class="meta">${schema.anyOf.map((a: Json) => esc(a.required ? `required: ${a.required.join(', ')}` : typeText(a))).join(' | ')}</p>`,
        );
      }
    }
  }
  parts.push('</div>');
  return parts.join('\n');
}

/** The page: a table of contents by tag, then every operation of every tag. */
export function renderHtml(doc: Json, locale: Locale): string {
  const L = (k: keyof typeof LABEL) => LABEL[k][locale];
  const byTag = new Map<string, Array<{ path: string; method: string; op: Json }>>();
  for (const t of doc.tags ?? []) byTag.set(t.name, []);
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item as Record<string, Json>)) {
      const tag = op.tags?.[0] ?? 'api';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, op });
    }
  }
  const tagText = (name: string) => {
    const d = (doc.tags ?? []).find((t: Json) => t.name === name)?.description;
    return d ? `${name} — ${d}` : name;
  };
  const toc = [...byTag.keys()].map((name) => `<li><a href="#tag-${esc(name)}">${esc(tagText(name))}</a></li>`).join('');
  const langs = LOCALES.map((l) =>
    l === locale ? `<b>${l}</b>` : `<a href="?lang=${encodeURIComponent(l)}" hreflang="${l}">${l}</a>`,
  ).join(' ');
  const sections = [...byTag.entries()]
    .filter(([, ops]) => ops.length)
    .map(
      ([name, ops]) =>
        `<section><h2 id="tag-${esc(name)}">${esc(tagText(name))}</h2>\n${ops
          .map((o) => operationHtml(doc, o.path, o.method, o.op, locale))
          .join('\n')}</section>`,
    )
    .join('\n');
  const codes = codeList(locale)
    .map(([code, text]) => `<tr><td><code>${esc(code)}</code></td><td>${esc(text)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="${esc(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav>${langs} · <a href="../docs?lang=${encodeURIComponent(locale)}">${esc(L('json'))}</a></nav>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description)}</p>
<h2>${esc(L('codes'))}</h2>
<p>${esc(L('envelope'))}</p>
<table><tbody>${codes}</tbody></table>
<div class="toc"><h2>${esc(L('contents'))}</h2><ul>${toc}</ul></div>
${sections}
</body>
</html>
`;
}
