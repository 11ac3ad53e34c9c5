import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.mjs';

/**
 * `npm run dev`: the console server's API (/v2 on the embedded sandbox, /sandbox, /config.json) inside Vite's dev
 * server, so that hot reload and the real sandbox share one origin as in production. Loaded through Vite's own module
 * loader when the dev server starts: the build needs none of it.
 */
function consoleApi(): Plugin {
  return {
    name: 'payout-console-api',
    apply: 'serve',
    async configureServer(server) {
      const { createDevListener } = (await server.ssrLoadModule(
        '/src/server/dev.ts',
      )) as typeof import('./src/server/dev');
      const listener = await createDevListener();
      server.middlewares.use((req, res, next) => {
        const path = req.url ?? '/';
        if (/^\/(v2|api|sandbox)(\/|$|\?)|^\/config\.json/.test(path)) return listener(req, res);
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), consoleApi(), precompress()],
  build: { target: 'es2022', reportCompressedSize: false },
  server: { port: 5173, strictPort: false },
});
