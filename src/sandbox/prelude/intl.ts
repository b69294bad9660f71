/**
 * Intl for scripts (QuickJS has none): Intl.DateTimeFormat, NumberFormat, RelativeTimeFormat, PluralRules,
 * ListFormat and Collator, plus the locale methods of Date and Number, all computed by the host's Intl through
 * host.intl (see intlHost.ts). An instance keeps its locales and options and asks the host for each call, so
 * `timeZone`, `formatToParts` and `resolvedOptions` behave as in any JavaScript runtime.
 */
export const intlSource = String.raw`
function intlRequest(request) {
  const answer = JSON.parse(host.intl(JSON.stringify(request)));
  if (answer.error) throw answer.error.name === 'RangeError' ? new RangeError(answer.error.message) : new TypeError(answer.error.message);
  return answer.value;
}

function intlDate(value) {
  if (value === undefined) return { $date: Date.now() };
  const time = value instanceof Date ? value.getTime() : Number(value);
  if (!Number.isFinite(time)) throw new RangeError('Invalid time value');
  return { $date: time };
}

function intlOptions(options) {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') throw new TypeError('Options must be an object');
  return JSON.parse(JSON.stringify(options));
}

const INTL_SPECS = {
  DateTimeFormat: { methods: ['formatToParts', 'formatRange', 'formatRangeToParts'], bound: 'format', dates: true },
  NumberFormat: { methods: ['formatToParts'], bound: 'format' },
  RelativeTimeFormat: { methods: ['format', 'formatToParts'] },
  PluralRules: { methods: ['select'] },
  ListFormat: { methods: ['format', 'formatToParts'], lists: true },
  Collator: { methods: [], bound: 'compare' },
};

const IntlObject = {};
for (const name of Object.keys(INTL_SPECS)) {
  const spec = INTL_SPECS[name];
  const convert = (args) => args.map((a) => (spec.dates ? intlDate(a) : spec.lists ? Array.from(a, String) : a));
  const Ctor = {
    [name]: function (locales, options) {
      const self = new.target ? this : Object.create(Ctor.prototype);
      const state = { locales: locales === undefined ? undefined : Array.isArray(locales) ? locales.map(String) : String(locales), options: intlOptions(options) };
      state.resolved = intlRequest({ op: name, method: 'resolvedOptions', locales: state.locales, options: state.options });
      hide(self, 'Intl.' + name, state);
      return self;
    },
  }[name];
  const call = (self, method, args) => {
    const state = internal(self, 'Intl.' + name);
    return intlRequest({ op: name, method, locales: state.locales, options: state.options, args: convert(args) });
  };
  for (const method of spec.methods) {
    Object.defineProperty(Ctor.prototype, method, {
      value: { [method](...args) { return call(this, method, args); } }[method],
      writable: true,
      configurable: true,
    });
  }
  if (spec.bound) {
    // format and compare are getters returning a bound function, so they can be passed around (arr.map(dtf.format)).
    Object.defineProperty(Ctor.prototype, spec.bound, {
      configurable: true,
      get() {
        const self = this;
        internal(self, 'Intl.' + name);
        return (...args) => call(self, spec.bound, spec.bound === 'compare' ? args.slice(0, 2) : [args[0]]);
      },
    });
  }
  Object.defineProperty(Ctor.prototype, 'resolvedOptions', {
    value: function resolvedOptions() {
      return JSON.parse(JSON.stringify(internal(this, 'Intl.' + name).resolved));
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(Ctor.prototype, Symbol.toStringTag, { value: 'Intl.' + name, configurable: true });
  Object.defineProperty(Ctor, 'supportedLocalesOf', {
    value: function supportedLocalesOf(locales, options) {
      return intlRequest({ op: 'supportedLocalesOf', ctor: name, locales, options: intlOptions(options) });
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(IntlObject, name, { value: Ctor, writable: true, configurable: true });
}
Object.defineProperty(IntlObject, 'getCanonicalLocales', {
  value: function getCanonicalLocales(locales) {
    return intlRequest({ op: 'getCanonicalLocales', locales });
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(IntlObject, 'supportedValuesOf', {
  value: function supportedValuesOf(key) {
    return intlRequest({ op: 'supportedValuesOf', key: String(key) });
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(IntlObject, Symbol.toStringTag, { value: 'Intl', configurable: true });
define('Intl', IntlObject);

for (const method of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
  Object.defineProperty(Date.prototype, method, {
    value: {
      [method](locales, options) {
        const time = Date.prototype.getTime.call(this);
        if (Number.isNaN(time)) return 'Invalid Date';
        return intlRequest({ op: 'date', method, time, locales, options: intlOptions(options) });
      },
    }[method],
    writable: true,
    configurable: true,
  });
}

Object.defineProperty(Number.prototype, 'toLocaleString', {
  value: function toLocaleString(locales, options) {
    return intlRequest({ op: 'number', value: Number.prototype.valueOf.call(this), locales, options: intlOptions(options) });
  },
  writable: true,
  configurable: true,
});
`;
