import { describe, expect, it } from 'vitest';
import { createPolicySchema } from '../../lib/requests/accounts-payable';
import { EMPTY_POLICY, policyFormSchema, problemsOf, toCreatePolicy } from './policy-form';

const VENDOR = '5b0c1f9e-7a43-4d52-9d0b-1f6f0f6f7a01';

describe('a new approval policy, as the admin builds it', () => {
  it('builds the body the service takes: amounts in cents, the vendor, each step with its approvers', () => {
    const body = toCreatePolicy({
      amounts: [
        { comparator: '>=', dollars: '1,000' },
        { comparator: '<=', dollars: '10000.00' },
      ],
      vendorId: VENDOR,
      steps: [
        { approvers: ['3', '4'], required: '1' },
        { approvers: ['4'], required: '1' },
      ],
      description: ' Mid tier ',
    });
    expect(body).toEqual({
      description: 'Mid tier',
      payable_conditions: [
        { type: 'amount', comparator: '>=', value: 100_000 },
        { type: 'amount', comparator: '<=', value: 1_000_000 },
        { type: 'vendor_id', value: VENDOR },
      ],
      approval_conditions: [
        { approver_list: [3, 4], num_approvals_required: 1 },
        { approver_list: [4], num_approvals_required: 1 },
      ],
    });
    expect(createPolicySchema.safeParse(body).success).toBe(true);
  });

  it('says what is wrong at each field', () => {
    expect(problemsOf(EMPTY_POLICY)).toEqual({
      'amounts.0.dollars': 'Enter an amount',
      'steps.0.approvers': 'Pick at least one approver',
    });
    expect(
      problemsOf({
        ...EMPTY_POLICY,
        amounts: [{ comparator: '==', dollars: '12.345' }],
        steps: [
          { approvers: ['1'], required: '2' },
          { approvers: ['1'], required: 'x' },
        ],
      }),
    ).toEqual({
      'amounts.0.dollars': 'At most two decimal places (whole cents)',
      'steps.0.required': 'No more than the 1 approver picked',
      'steps.1.required': 'A whole number, at least 1',
    });
    // Each condition and each step once, as the vendor's document wants (uniqueItems).
    expect(
      problemsOf({
        ...EMPTY_POLICY,
        amounts: [
          { comparator: '>=', dollars: '100' },
          { comparator: '>=', dollars: '100.00' },
        ],
        steps: [
          { approvers: ['1', '2'], required: '1' },
          { approvers: ['2', '1'], required: '1' },
        ],
      }),
    ).toEqual({
      'amounts.1.dollars': 'The same as amount condition 1',
      'steps.1.approvers': 'The same as step 1: change its approvers or its count',
    });
    expect(problemsOf({ ...EMPTY_POLICY, amounts: [], steps: [] })).toEqual({
      conditions: 'Give at least one condition: an amount or a vendor',
      steps: 'Add a step',
    });
  });

  it('refuses a step whose approvers could never approve a bill', () => {
    const apUsers = [
      { id: 1, role: 'admin' },
      { id: 2, role: 'ap_creator' },
    ];
    const values = { ...EMPTY_POLICY, amounts: [{ comparator: '>=' as const, dollars: '100' }] };
    expect(problemsOf({ ...values, steps: [{ approvers: ['2'], required: '1' }] }, apUsers)).toEqual({
      'steps.0.approvers':
        'No approver of step 1 may approve bills (only an admin or an approver may): no bill under this policy could ever be approved',
    });
    expect(problemsOf({ ...values, steps: [{ approvers: ['1', '2'], required: '1' }] }, apUsers)).toEqual({});
  });
});

describe('the new policy form', () => {
  const apUsers = [
    { id: 3, role: 'admin' },
    { id: 4, role: 'approver' },
  ];

  it('puts each problem at its field, the whole conditions and steps at their own places', () => {
    const paths = (values: Parameters<typeof problemsOf>[0]) =>
      (policyFormSchema(apUsers).safeParse(values).error?.issues ?? []).map((issue) => issue.path);
    expect(paths(EMPTY_POLICY)).toEqual([
      ['amounts', 0, 'dollars'],
      ['steps', 0, 'approvers'],
    ]);
    expect(paths({ ...EMPTY_POLICY, amounts: [], steps: [] })).toEqual([
      ['root', 'conditions'],
      ['steps', 'root'],
    ]);
  });

  it('gives the body the service takes', () => {
    const values = {
      ...EMPTY_POLICY,
      amounts: [{ comparator: '>=' as const, dollars: '1,000' }],
      steps: [{ approvers: ['3', '4'], required: '1' }],
    };
    expect(policyFormSchema(apUsers).parse(values)).toEqual(toCreatePolicy(values));
  });
});
