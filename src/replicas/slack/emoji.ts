/**
 * The emoji names Slack knows. Slack's standard emoji and their names are iamcal's emoji-data
 * (https://github.com/iamcal/emoji-data, by Slack's co-founder), which `emojibase-data` publishes as its `iamcal`
 * shortcode set (1,972 names, aliases included: `+1` and `thumbsup`). Workspaces may add custom emoji; the replica's
 * seeds define none, so the standard set is the whole set.
 *
 * A name may carry a skin tone, `thumbsup::skin-tone-2` … `::skin-tone-6`, "for Unicode emoji that support skin tone
 * modifiers" (https://docs.slack.dev/reference/methods/reactions.add): those whose Unicode sequence has a variant
 * with a modifier after its first code point (U+1F3FB-1F3FF).
 *
 * The data (about 150 KB of JSON) loads on the first reactions call, not with the replica.
 */
interface EmojiNames {
  /** Every standard name, aliases included. */
  names: Set<string>;
  /** The names of emoji that take a skin tone. */
  skinnable: Set<string>;
}

let loading: Promise<EmojiNames> | undefined;

async function load(): Promise<EmojiNames> {
  const [{ default: shortcodes }, { default: versions }] = await Promise.all([
    import('emojibase-data/en/shortcodes/iamcal.json', { with: { type: 'json' } }),
    import('emojibase-data/versions/emoji.json', { with: { type: 'json' } }),
  ]);
  const sequences = new Set(Object.values(versions as Record<string, string[]>).flat());
  const names = new Set<string>();
  const skinnable = new Set<string>();
  for (const [hexcode, value] of Object.entries(shortcodes as Record<string, string | string[]>)) {
    const [first, ...rest] = hexcode.split('-');
    const takesTone = sequences.has([first, '1F3FB', ...rest].join('-'));
    for (const name of typeof value === 'string' ? [value] : value) {
      names.add(name);
      if (takesTone) skinnable.add(name);
    }
  }
  return { names, skinnable };
}

/** Whether Slack accepts `name` (without colons) as a reaction: a standard emoji, optionally with a skin tone. */
export async function isEmojiName(name: string): Promise<boolean> {
  const { names, skinnable } = await (loading ??= load());
  const m = /^(.+)::skin-tone-([2-6])$/.exec(name);
  return m ? skinnable.has(m[1]) : names.has(name);
}
