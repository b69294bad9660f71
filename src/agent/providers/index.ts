import type { ModelProvider, ProviderConfig } from '../types.ts';

export { providerPresets, type ProviderPreset } from './presets.ts';
export { scrubKey } from './providerError.ts';

/**
 * The provider for a config. The key goes into the SDK client only; nothing else keeps it. The SDK loads on the
 * first request, so a page that never calls a model does not download it.
 */
export function createProvider(config: ProviderConfig, apiKey: string, fetchImpl?: typeof fetch): ModelProvider {
  let loaded: Promise<ModelProvider> | null = null;
  const load = () =>
    (loaded ??=
      config.protocol === 'anthropic'
        ? import('./anthropicProvider.ts').then((m) => m.anthropicProvider(config, apiKey, fetchImpl))
        : import('./openaiProvider.ts').then((m) => m.openaiProvider(config, apiKey, fetchImpl)));
  return { protocol: config.protocol, complete: async (request) => (await load()).complete(request) };
}
