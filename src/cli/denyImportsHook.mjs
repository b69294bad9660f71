// Registered (module.register) by the Python sandbox worker once Pyodide has loaded: from then on that worker
// thread can import nothing, so JavaScript reached from Python could not load node:fs, node:child_process or
// node:net. Other threads keep their own loaders.
export async function resolve(specifier) {
  throw Object.assign(new Error(`the sandbox may not import ${specifier}`), { code: 'ERR_ACCESS_DENIED' });
}
