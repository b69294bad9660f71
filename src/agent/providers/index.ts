import type { ModelProvider, ProviderConfig } from '../types.ts';
import { anthropicProvider } from './anthropicProvider.ts';
import { openaiProvider } from './openaiProvider.ts';

export { providerPresets, type ProviderPreset } from './presets.ts';
export { scrubKey } from './providerError.ts';

/** The provider for a config. The key goes into the SDK client only; nothing else keeps it. */
export function createProvider(config: ProviderConfig, apiKey: string, fetchImpl?: typeof fetch): ModelProvider {
  return config.protocol === 'anthropic' ? anthropicProvider(config, apiKey, fetchImpl) : openaiProvider(config, apiKey, fetchImpl);
}
