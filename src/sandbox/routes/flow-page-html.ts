/*
 * The HTML of a flow's hosted pages: plain forms that work without JavaScript, phone first, light and dark by the
 * payee's setting, under a CSP that allows this origin's stylesheet only. Every value is escaped.
 */

import { escapeHtml } from '../../lib/escape-html';

export const FLOW_STYLESHEET_PATH = '/flow/assets/flow.css';

export type FieldErrors = Record<string, string>;
export type Values = Record<string, string>;

interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'password';
  autocomplete?: string;
  inputmode?: 'numeric' | 'email' | 'tel';
  hint?: string;
  required?: boolean;
}

export function field(spec: FieldSpec, values: Values, errors: FieldErrors): string {
  const id = `f-${spec.name.replaceAll('.', '-')}`;
  const error = errors[spec.name];
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  // A TIN is never sent back, even to its person: the field comes back empty.
  const value = spec.type === 'password' ? '' : (values[spec.name] ?? '');
  return `<div class="field${error ? ' invalid' : ''}">
  <label for="${id}">${escapeHtml(spec.label)}</label>
  ${spec.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : ''}
  <input id="${id}" name="${escapeHtml(spec.name)}" type="${spec.type ?? 'text'}" value="${escapeHtml(value)}"${
    spec.autocomplete ? ` autocomplete="${spec.autocomplete}"` : ''
  }${spec.inputmode ? ` inputmode="${spec.inputmode}"` : ''}${spec.required === false ? '' : ' required'}${
    described ? ` aria-describedby="${described}"` : ''
  }${error ? ' aria-invalid="true"' : ''}>
  ${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export function radios(
  name: string,
  legend: string,
  options: { value: string; label: string }[],
  values: Values,
  errors: FieldErrors,
): string {
  const chosen = values[name] ?? options[0]?.value;
  const error = errors[name];
  return `<fieldset class="field${error ? ' invalid' : ''}"${error ? ` aria-describedby="f-${name}-error"` : ''}>
  <legend>${escapeHtml(legend)}</legend>
  ${options
    .map(
      (o) =>
        `<label class="choice"><input type="radio" name="${name}" value="${escapeHtml(o.value)}"${
          o.value === chosen ? ' checked' : ''
        }> ${escapeHtml(o.label)}</label>`,
    )
    .join('\n  ')}
  ${error ? `<p class="error" id="f-${name}-error">${escapeHtml(error)}</p>` : ''}
</fieldset>`;
}

export function page(input: {
  title: string;
  organization: string;
  progress?: string;
  body: string;
  errors?: FieldErrors;
}): string {
  const count = Object.keys(input.errors ?? {}).length;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} · ${escapeHtml(input.organization)}</title>
<link rel="stylesheet" href="${FLOW_STYLESHEET_PATH}">
</head>
<body>
<main>
<p class="org">${escapeHtml(input.organization)}</p>
${input.progress ? `<p class="progress">${escapeHtml(input.progress)}</p>` : ''}
<h1>${escapeHtml(input.title)}</h1>
${
  count > 0
    ? `<div class="summary" role="alert"><p>${count === 1 ? 'One field needs' : `${count} fields need`} your attention.</p></div>`
    : ''
}
${input.body}
</main>
</body>
</html>`;
}

export function form(csrf: string, step: string, inner: string, submit: string): string {
  return `<form method="post" novalidate>
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
<input type="hidden" name="step" value="${escapeHtml(step)}">
${inner}
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

export const FLOW_CSS = `:root{color-scheme:light dark;--bg:#fff;--fg:#1a1b1e;--muted:#495057;--line:#868e96;--accent:#1c5fb8;--accent-fg:#fff;--error:#c92a2a;--panel:#f1f3f5}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--fg:#f1f3f5;--muted:#ced4da;--line:#adb5bd;--accent:#74a9f0;--accent-fg:#101113;--error:#ff8787;--panel:#25262b}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;line-height:1.25;margin:.25rem 0 1rem}
.org{font-weight:600;margin:0}.progress,.hint{color:var(--muted);margin:0 0 .25rem}
.field{margin:0 0 1rem;border:0;padding:0}
label,legend{display:block;font-weight:600;margin-bottom:.25rem}
label.choice{font-weight:400;display:flex;gap:.5rem;align-items:center;min-height:44px}
input[type=text],input[type=email],input[type=tel],input[type=date],input[type=password],select{width:100%;min-height:44px;padding:.5rem .75rem;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:6px}
input[type=radio]{width:1.25rem;height:1.25rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.invalid input{border-color:var(--error)}
.error{color:var(--error);margin:.25rem 0 0;font-weight:600}
.summary{border:2px solid var(--error);border-radius:6px;padding:.5rem .75rem;margin-bottom:1rem}
.summary p{margin:0}
fieldset.group{border:1px solid var(--line);border-radius:6px;padding:.75rem;margin:0 0 1rem}
fieldset.group>legend{padding:0 .25rem}
button{width:100%;min-height:48px;font:inherit;font-weight:600;color:var(--accent-fg);background:var(--accent);border:0;border-radius:6px;cursor:pointer}
a{color:var(--accent)}
.panel{background:var(--panel);border-radius:6px;padding:.75rem;margin:0 0 1rem}
form:has([name=platform][value=paypal]:checked) :is(.method-venmo,.method-ach),form:has([name=platform][value=venmo]:checked) :is(.method-paypal,.method-ach),form:has([name=platform][value=ach]:checked) :is(.method-paypal,.method-venmo){display:none}
@media (min-width:40rem){main{padding:2rem 1rem}}
`;
