// Formily's validation messages in the four languages (from the renderer's texts) and the
// expression compiler Formily uses for {{ }} linkage: ours, never `new Function`.
import { registerValidateLocale, setValidateLanguage } from '@formily/core';
import { Schema } from '@formily/react';
import { run } from '../../validators/expression/evaluate.ts';
import { RENDERER_TEXTS } from '../texts.ts';

let installed = false;

export function installFormily(language: string) {
  if (!installed) {
    installed = true;
    Schema.registerCompiler((expression: string, scope: Record<string, unknown>) => run(expression, scope ?? {}));
    const locales: Record<string, Record<string, string>> = {};
    for (const [lang, t] of Object.entries(RENDERER_TEXTS)) {
      locales[lang] = {
        required: t.required,
        pattern: t.pattern,
        invalid: t.pattern,
        maxLength: t.maxLength,
        max: t.maxLength,
        minLength: t.minLength,
        min: t.minLength,
        maximum: t.maximum,
        minimum: t.minimum,
        integer: t.integer,
        number: t.number,
        email: t.email,
        url: t.url,
        ipv4: t.ipv4,
      };
    }
    registerValidateLocale(locales);
  }
  setValidateLanguage(language);
}
