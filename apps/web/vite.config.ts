import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server `npm run dev` starts beside Vite (apps/server, PORT 8080 by default).
const apiServer = 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/media': apiServer,
      '/ws': { target: apiServer, ws: true },
      '/docs': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
    },
  },
});
