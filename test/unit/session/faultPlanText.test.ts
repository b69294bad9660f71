import { describe, expect, it } from 'vitest';
import { FAULT_DEFAULTS, formatFaultPlan, parseFaultPlan } from '../../../src/session/faults.ts';

describe('fault plans as text (difflab eval --faults, the agent settings field)', () => {
  it('bare names take the defaults', () => {
    expect(parseFaultPlan('rate-limit,5xx,latency,short-pages')).toEqual({
      rateLimit: { every: FAULT_DEFAULTS.rateLimitEvery, retryAfterSeconds: FAULT_DEFAULTS.retryAfterSeconds },
      serverErrors: { every: FAULT_DEFAULTS.serverErrorEvery },
      latencyMs: FAULT_DEFAULTS.latencyMs,
      pageSize: FAULT_DEFAULTS.pageSize,
    });
  });

  it('values set every-N, Retry-After, milliseconds and page size, and format back to the same text', () => {
    const text = 'rate-limit=5/30,5xx=2,latency=50,short-pages=3';
    const plan = parseFaultPlan(text);
    expect(plan).toEqual({ rateLimit: { every: 5, retryAfterSeconds: 30 }, serverErrors: { every: 2 }, latencyMs: 50, pageSize: 3 });
    expect(formatFaultPlan(plan)).toBe(text);
    expect(parseFaultPlan(' rate-limit = 4 , ')).toEqual({ rateLimit: { every: 4, retryAfterSeconds: 1 } });
  });

  it('on= puts the faults on some services only', () => {
    const plan = parseFaultPlan('rate-limit=2,on=box+linear');
    expect(plan).toEqual({ rateLimit: { every: 2, retryAfterSeconds: 1 }, services: ['box', 'linear'] });
    expect(formatFaultPlan(plan)).toBe('rate-limit=2/1,on=box+linear');
    expect(() => parseFaultPlan('5xx,on=')).toThrow(/on= needs service names/);
  });

  it('empty or none is no faults; mistakes are named', () => {
    expect(parseFaultPlan('')).toEqual({});
    expect(parseFaultPlan('none')).toEqual({});
    expect(formatFaultPlan({})).toBe('');
    expect(() => parseFaultPlan('rate-limit=0')).toThrow(/rate-limit must be a whole number/);
    expect(() => parseFaultPlan('latency=fast')).toThrow(/latency must be a whole number/);
    expect(() => parseFaultPlan('outage')).toThrow(/unknown fault "outage"/);
  });
});
