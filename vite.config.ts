import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.mjs';
import { mantineUseId } from './src/lib/mantine/use-id-plugin';
import { codeAfterFirstPaint } from './src/server/paint-first';

/**
 * `npm run dev`: the console server's API (/v2 on the embedded sandbox, /sandbox, /config.json) inside Vite's dev
 * server, so that HMR and the real sandbox share one origin as in production. Loaded lazily: the build needs none of it.
 */
function consoleApi(): Plugin {
  return {
    name: 'payout-console-api',
    apply: 'serve',
    async configureServer(server) {
      const { createDevListener } = (await server.ssrLoadModule(
        '/src/server/dev.ts',
      )) as typeof import('./src/server/dev');
      const listener = createDevListener();
      server.middlewares.use((req, res, next) => {
        const path = req.url ?? '/';
        if (/^\/(v2|sandbox)(\/|$|\?)|^\/config\.json/.test(path)) return listener(req, res);
        next();
      });
    },
  };
}

/**
 * The built index.html paints its placeholder first, and only then asks for its stylesheet and code
 * (src/server/paint-first.ts).
 */
function paintFirst(): Plugin {
  return {
    name: 'payout-console-paint-first',
    apply: 'build',
    // After Vite has written its own <script> and <link> tags into the page.
    transformIndexHtml: {
      order: 'post',
      handler: codeAfterFirstPaint,
    },
  };
}

export default defineConfig({
  plugins: [mantineUseId(), react(), consoleApi(), paintFirst(), precompress()],
  // The manifest tells the console server which chunks each page needs (src/server/route-preloads.ts).
  build: { target: 'es2022', reportCompressedSize: false, manifest: true },
  server: { port: 5173, strictPort: false },
});
