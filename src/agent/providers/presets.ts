import type { ProviderConfig } from '../types.ts';

/** A provider the model picker offers: protocol and base URL filled in; the user brings the key and the model name. */
export interface ProviderPreset extends ProviderConfig {
  id: string;
  label: string;
  /** A model name to start from; the user may type any other. */
  exampleModel: string;
  /** Runs on the user's machine: no key needed. */
  local?: boolean;
}

export const providerPresets: ProviderPreset[] = [
  { id: 'openai', label: 'OpenAI', protocol: 'openai', baseURL: 'https://api.openai.com/v1', exampleModel: 'gpt-4.1-mini' },
  { id: 'anthropic', label: 'Anthropic', protocol: 'anthropic', baseURL: 'https://api.anthropic.com', exampleModel: 'claude-sonnet-4-5' },
  { id: 'gemini', label: 'Google Gemini (OpenAI-compatible)', protocol: 'openai', baseURL: 'https://generativelanguage.googleapis.com/v1beta/openai', exampleModel: 'gemini-2.5-flash' },
  { id: 'openrouter', label: 'OpenRouter', protocol: 'openai', baseURL: 'https://openrouter.ai/api/v1', exampleModel: 'openai/gpt-4.1-mini' },
  { id: 'deepseek', label: 'DeepSeek', protocol: 'openai', baseURL: 'https://api.deepseek.com/v1', exampleModel: 'deepseek-chat' },
  { id: 'mistral', label: 'Mistral', protocol: 'openai', baseURL: 'https://api.mistral.ai/v1', exampleModel: 'mistral-large-latest' },
  { id: 'groq', label: 'Groq', protocol: 'openai', baseURL: 'https://api.groq.com/openai/v1', exampleModel: 'llama-3.3-70b-versatile' },
  { id: 'together', label: 'Together', protocol: 'openai', baseURL: 'https://api.together.xyz/v1', exampleModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo' },
  { id: 'ollama', label: 'Ollama (local)', protocol: 'openai', baseURL: 'http://localhost:11434/v1', exampleModel: 'qwen2.5-coder:7b', local: true },
  { id: 'lmstudio', label: 'LM Studio (local)', protocol: 'openai', baseURL: 'http://localhost:1234/v1', exampleModel: 'local-model', local: true },
  { id: 'vllm', label: 'vLLM (local)', protocol: 'openai', baseURL: 'http://localhost:8000/v1', exampleModel: 'served-model', local: true },
];
