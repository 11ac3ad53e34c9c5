import { z } from 'zod';

// zod compiles fast parsers with `new Function` when it may. Under the console's CSP (no eval) even its probe for
// that is a violation report, so browser schemas are interpreted: fast enough for forms and API answers. Every
// module shared with the browser imports z from here, so the setting is in place before any schema exists. On the
// server (no document) zod keeps its compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
