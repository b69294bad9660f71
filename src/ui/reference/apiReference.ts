import type { JsonSchema } from '../../replicas/tools.ts';

/** One endpoint as the reference panel shows it: what the route table says, with its parameters from the tool schema. */
export interface EndpointReference {
  method: string;
  path: string;
  summary: string;
  docs: string;
  writes: boolean;
  params: { name: string; type: string; required: boolean; description: string; values?: string[] }[];
}

export interface ServiceReference {
  name: string;
  title: string;
  baseUrl: string;
  endpoints: EndpointReference[];
}

function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return 'enum';
  if (typeof schema.type === 'string') return schema.type === 'array' && schema.items ? `${typeOf(schema.items as JsonSchema)}[]` : schema.type;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeOf).join(' | ');
  return 'any';
}

/**
 * The docs of the services' route tables. The replicas load lazily (they are the worker's code), so the page's
 * main chunk stays small until someone opens the reference.
 */
export async function loadApiReference(services: readonly string[]): Promise<ServiceReference[]> {
  const { replicas, routeTools } = await import('../../replicas/index.ts');
  return replicas
    .filter((r) => services.includes(r.name))
    .map((replica) => ({
      name: replica.name,
      title: replica.title,
      baseUrl: replica.baseUrls[0],
      endpoints: routeTools(replica).map(({ route, inputSchema }) => {
        const properties = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set((inputSchema.required as string[] | undefined) ?? []);
        return {
          method: route.method === '*' ? 'GET/POST' : route.method,
          path: route.path,
          summary: route.summary,
          docs: route.docs ?? '',
          writes: Boolean(route.writes),
          params: Object.entries(properties).map(([name, p]) => ({
            name,
            type: route.params?.[name]?.in === 'header' ? `${typeOf(p)}, header` : typeOf(p),
            required: required.has(name),
            description: typeof p.description === 'string' ? p.description : '',
            ...(Array.isArray(p.enum) ? { values: (p.enum as unknown[]).map(String) } : {}),
          })),
        };
      }),
    }));
}

/** Endpoints whose path, summary, docs or parameter names contain every word of the query (case-insensitive). */
export function filterEndpoints(endpoints: EndpointReference[], query: string): EndpointReference[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return endpoints;
  return endpoints.filter((e) => {
    const text = [e.method, e.path, e.summary, e.docs, ...e.params.map((p) => p.name)].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
