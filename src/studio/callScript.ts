/**
 * The script line a form call becomes: one fetch() to a real API URL with a JSON body (or a query, for GET), its
 * answer printed. Appended to the editor, so what a person did by form is also the reference solution.
 */
export interface FormCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  params: Record<string, unknown>;
}

export function callScript(call: FormCall): string {
  const query = call.method === 'GET' && Object.keys(call.params).length ? `?${new URLSearchParams(Object.entries(call.params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}` : '';
  const url = JSON.stringify(call.url + query);
  const body = call.method === 'GET' ? '' : `, body: JSON.stringify(${JSON.stringify(call.params)})`;
  const headers = call.method === 'GET' ? "{ Authorization: 'Bearer token' }" : "{ Authorization: 'Bearer token', 'Content-Type': 'application/json; charset=utf-8' }";
  return `console.log(${JSON.stringify(`${call.method} ${call.url}`)}, JSON.stringify(await (await fetch(${url}, { method: '${call.method}', headers: ${headers}${body} })).json()));\n`;
}
