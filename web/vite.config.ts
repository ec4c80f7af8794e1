import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react()],
  // One import alias for the app's own modules and one for the contract shared with the server.
  resolve: { alias: { '@': path.join(here, 'src'), '@shared': path.join(here, '..', 'shared') } },
  build: { outDir: path.join(here, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: { '/api': 'http://localhost:3000', '/document': 'http://localhost:3000', '/register': 'http://localhost:3000', '/test': 'http://localhost:3000' } },
});
