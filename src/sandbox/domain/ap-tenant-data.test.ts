import { describe, expect, it } from 'vitest';
import { twoSteps } from './ap-tenant-data';

describe('the two steps of the top tier', () => {
  it('names approvers who are not admins first, then the admins', () => {
    expect(twoSteps([1, 2, 3], [2])).toEqual([[1, 3], [2]]);
  });

  it('splits two admins between the steps when there is no other approver', () => {
    expect(twoSteps([4, 5], [4, 5])).toEqual([[4], [5]]);
  });

  it('names the one admin in both when the team has no one else', () => {
    expect(twoSteps([7], [7])).toEqual([[7], [7]]);
  });
});
