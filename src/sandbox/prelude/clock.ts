/**
 * Determinism: with config.virtualTime, Date reads the host's virtual clock (see clock.ts for its rule) instead of
 * QuickJS's real one; with config.randomSeed, Math.random is mulberry32 seeded with it (modulo 2^32). Without
 * them the script keeps real time and QuickJS's own Math.random.
 */
export const clockSource = String.raw`
if (config.virtualTime) {
  const NativeDate = Date;
  // A function, not a class: Date() called without new returns the current time as a string.
  const VirtualDate = function Date(...args) {
    if (!new.target) return new NativeDate(host.dateNow()).toString();
    return Reflect.construct(NativeDate, args.length === 0 ? [host.dateNow()] : args, new.target);
  };
  Object.defineProperty(VirtualDate, 'length', { value: 7 });
  VirtualDate.prototype = NativeDate.prototype;
  Object.defineProperty(NativeDate.prototype, 'constructor', { value: VirtualDate, writable: true, configurable: true });
  for (const name of ['parse', 'UTC']) {
    Object.defineProperty(VirtualDate, name, { value: NativeDate[name], writable: true, configurable: true });
  }
  Object.defineProperty(VirtualDate, 'now', {
    value: function now() {
      return host.dateNow();
    },
    writable: true,
    configurable: true,
  });
  define('Date', VirtualDate);
}

if (config.randomSeed !== undefined) {
  let state = config.randomSeed >>> 0;
  Object.defineProperty(Math, 'random', {
    value: function random() {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
    writable: true,
    configurable: true,
  });
}
`;
