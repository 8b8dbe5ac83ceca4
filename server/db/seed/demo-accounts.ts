// Demo accounts created by the seed. The uids are the Firebase uids of the matching identity
// accounts (created in the Auth emulator by the start script), so signing in as one of them lands on
// seeded data: the renter has favorites, threads and reviews; the agent has listings and reviews.

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: 'RENTER' | 'AGENT';
}

export const DEMO_RENTER = {
  uid: 'demo-renter',
  email: 'renter@demo.nycrentals.test',
  password: 'renter-demo-1',
  firstName: 'Riley',
  lastName: 'Renter',
  phone: '+15555550101',
  role: 'RENTER',
} as const satisfies DemoAccount;

export const DEMO_AGENT = {
  uid: 'demo-agent',
  email: 'agent@demo.nycrentals.test',
  password: 'agent-demo-1',
  firstName: 'Avery',
  lastName: 'Agent',
  phone: '+15555550102',
  role: 'AGENT',
} as const satisfies DemoAccount;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_RENTER, DEMO_AGENT];
