// Vite (and the Node worker's esbuild bundle, see src/cli/createNodeWorker.ts) import `?raw` files as text.
declare module '*.py?raw' {
  const text: string;
  export default text;
}
