/**
 * The benchmark's reference: a bare React 19 hello-world page, built and served like the funnel
 * (benchPage.ts), so the comparison measures the funnel, not the tooling.
 */
import { buildBenchPage } from './benchPage.ts';

export const HELLO_PATH = '/bench/hello-react.html';

const SOURCE = `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<h1>Hello, world</h1>);`;

/** Builds the page into `outdir`; returns its path on the server. */
export const buildHelloPage = (root: string, outdir: string): Promise<string> =>
  buildBenchPage(root, outdir, { path: HELLO_PATH, title: 'Hello, world', source: SOURCE });
