/**
 * The code of the worker that runs backtracking regular expressions, as text: the Node shell starts it with
 * `new Worker(code, { eval: true })`, the page from a Blob URL, so no bundler has to know about it. A job is
 * `{ id, source, flags, texts }`; the answer `{ id, results }` (or `{ id, error }`). The host terminates the worker
 * when a job overruns its budget — the only way to stop a JavaScript RegExp.
 */
export const PATTERN_WORKER_SOURCE = `
const port = typeof require === 'function' ? require('node:worker_threads').parentPort : self;
const reply = (m) => port.postMessage(m);
const onJob = (job) => {
  try {
    const re = new RegExp(job.source, job.flags);
    reply({ id: job.id, results: job.texts.map((t) => re.test(t)) });
  } catch (e) {
    reply({ id: job.id, error: String(e && e.message || e) });
  }
};
if (typeof port.on === 'function') port.on('message', onJob); else port.onmessage = (e) => onJob(e.data);
`;
