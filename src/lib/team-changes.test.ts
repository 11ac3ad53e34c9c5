import { describe, expect, it } from 'vitest';
import { teamConfirmConsequence, teamDecisionSaid } from './team-changes';

describe('teamDecisionSaid()', () => {
  it('says a confirmation answered "waiting" adopted the change, which waits for a second admin, never that it was confirmed', () => {
    const said = teamDecisionSaid('confirm', 'waiting', 'Make Ana (ana@example.com) Finance');
    expect(said).toEqual({
      waits: true,
      title: 'Waiting for a second admin',
      said: 'You adopted this change; it now waits for a second admin: Make Ana (ana@example.com) Finance',
      activity: 'Team change adopted, waiting for a second admin',
    });
    expect(`${said.said} ${said.activity}`).not.toMatch(/confirmed/i);
  });

  it('says a confirmation that applied, a rejection and a withdrawal as they were', () => {
    expect(teamDecisionSaid('confirm', 'applied', 'Enable Ana')).toMatchObject({
      waits: false,
      said: 'Confirmed: Enable Ana',
      activity: 'Team change confirmed',
    });
    // A failed confirmation has no answer: the activity line names what was tried.
    expect(teamDecisionSaid('confirm', undefined, 'Enable Ana').activity).toBe('Team change confirmed');
    expect(teamDecisionSaid('reject', undefined, 'Enable Ana').said).toBe('Rejected: Enable Ana');
    expect(teamDecisionSaid('withdraw', undefined, 'Enable Ana').activity).toBe('Team change withdrawn');
  });
});

describe('teamConfirmConsequence()', () => {
  it('tells the admin that a change no member asked for is adopted by their confirmation, not applied', () => {
    expect(teamConfirmConsequence(null, 'role-map')).toContain("The deployment's environment asked for this");
    expect(teamConfirmConsequence(null, 'role')).toContain("The company's directory asked for this");
    expect(teamConfirmConsequence(null, 'role')).toContain('it applies when a second admin confirms it');
    expect(teamConfirmConsequence('Ana', 'role')).toBe(
      'Ana asked for this. It applies as soon as you confirm it.',
    );
  });
});
