// pdfjs-dist ships no typings for its worker module; only its presence matters here
// (it is loaded in-process and assigned to globalThis.pdfjsWorker).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
