import { describe, expect, it } from 'vitest';
import { alignIds, substituteIds } from '../../../../src/agent/recorded/replayIds.ts';

const A = '8b31f6a5-197b-4322-8796-9f65d309404f';
const B = '0f0e0d0c-0b0a-4988-8776-655443322110';

describe('alignIds', () => {
  it('pairs ids at the same JSON path where both outputs parse', () => {
    const recorded = JSON.stringify({ data: { issueCreate: { issue: { id: A, identifier: 'ENG-5', title: 'Fix' } } } });
    const replayed = JSON.stringify({ data: { issueCreate: { issue: { id: B, identifier: 'ENG-7', title: 'Fix' } } } });
    expect([...alignIds(recorded, replayed)]).toEqual([
      [A, B],
      ['ENG-5', 'ENG-7'],
    ]);
  });

  it('pairs ids line by line in mixed output, only where the rest of the line matches', () => {
    const recorded = `Team query response: 200\nCreated issue ${A} (ENG-5)\nsomething else ${A}`;
    const replayed = `Team query response: 200\nCreated issue ${B} (ENG-7)\nother text ${B}`;
    expect([...alignIds(recorded, replayed)]).toEqual([
      [A, B],
      ['ENG-5', 'ENG-7'],
    ]);
    expect(alignIds(`Created ${A}`, `Deleted ${B}`).size).toBe(0);
  });

  it('aligns lines by shape when the outputs differ in length', () => {
    const recorded = `{\n  "id": "${A}",\n  "title": "Fix"\n}`;
    const replayed = `warning: slow\n{\n  "id": "${B}",\n  "title": "Fix"\n}`;
    expect([...alignIds(recorded + '\nx', replayed + '\nx')]).toEqual([[A, B]]);
  });
});

describe('substituteIds', () => {
  it('replaces every mapped id in later code and says which', () => {
    const map = new Map([[A, B]]);
    const { code, substituted } = substituteIds(`issue_id = "${A}"\nprint("${A}")`, map);
    expect(code).toBe(`issue_id = "${B}"\nprint("${B}")`);
    expect(substituted).toEqual([[A, B]]);
    expect(substituteIds('nothing here', map)).toEqual({ code: 'nothing here', substituted: [] });
  });
});

describe('alignIds: records both runs share', () => {
  const ENG = 'ad608998-915c-4bad-bcd9-85ebfccccee8';
  const PROD = '58c03c85-7b0c-466d-9a4c-120209fccb56';
  it('pairs list elements by their other fields when the replica lists them in another order, and skips shared ids', () => {
    const recorded = JSON.stringify({ nodes: [{ id: PROD, name: 'Product' }, { id: ENG, name: 'Engineering' }, { id: A, name: 'New' }] });
    const replayed = JSON.stringify({ nodes: [{ id: ENG, name: 'Engineering' }, { id: B, name: 'New' }, { id: PROD, name: 'Product' }] });
    expect([...alignIds(recorded, replayed)]).toEqual([[A, B]]);
  });
});
