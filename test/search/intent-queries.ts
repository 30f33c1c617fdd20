/**
 * Requests phrased the way people ask, each labelled with the protocol of
 * test/search/intent-corpus.ts a person would want first. `TUNING` was used to pick the field
 * weights and the dense calibration (src/search/step-description.ts, hybrid-scoring.ts);
 * `HELD_OUT` was written at the same time and never looked at while tuning.
 */
export interface IntentQuery {
  query: string;
  expected: string;
}

export const TUNING_QUERIES: readonly IntentQuery[] = [
  { query: 'the disk on the build box filled up again, clean it', expected: 'disk-cleanup' },
  { query: 'give the new contractor access to the staging cluster', expected: 'grant-cluster-access' },
  { query: 'our https cert runs out next week', expected: 'tls-renewal' },
  { query: "someone dropped the orders table, get yesterday's data back", expected: 'restore-database' },
  { query: 'I just got paged, what do I do', expected: 'incident-triage' },
  { query: 'Maria leaves on Friday, remove all her accounts', expected: 'offboard-employee' },
  { query: 'change the postgres password the api uses', expected: 'rotate-db-password' },
  { query: 'black friday is coming, make sure the shop holds up', expected: 'scale-up-service' },
  { query: 'point shop.example.com to the new load balancer', expected: 'dns-change' },
  { query: 'the worker keeps getting OOM killed every few hours', expected: 'memory-leak' },
  { query: 'the build on main is red since this morning', expected: 'ci-pipeline-broken' },
  { query: 'a user wants a copy of all the information we store about him', expected: 'customer-data-export' },
  { query: 'spin up a new service for invoicing', expected: 'new-microservice' },
  { query: 'I cannot reach the intranet from home', expected: 'vpn-troubleshooting' },
  { query: 'why did our AWS invoice double this month', expected: 'cost-review' },
  { query: 'the orders consumers are way behind, messages are piling up', expected: 'kafka-consumer-lag' },
  { query: "write up what went wrong in yesterday's outage", expected: 'postmortem' },
  { query: 'somebody pushed the stripe key to github', expected: 'api-key-leak' },
  { query: 'the report query takes 40 seconds now', expected: 'slow-database-query' },
  { query: 'the homepage shows a 502 error', expected: 'website-down' },
  { query: 'someone changed the security groups by hand in the console', expected: 'terraform-drift' },
  { query: 'I lost my phone with the authenticator app and cannot log in', expected: 'password-reset' },
  { query: 'users still get the old javascript bundle after the release', expected: 'cdn-cache-purge' },
  { query: 'the repo is 3 GB because someone committed a video', expected: 'git-history-cleanup' },
];

export const HELD_OUT_QUERIES: readonly IntentQuery[] = [
  { query: 'no space left on device on the ci runner', expected: 'disk-cleanup' },
  { query: 'new engineer needs kubectl rights on the prod namespace', expected: 'grant-cluster-access' },
  { query: 'browsers warn that our site certificate has expired', expected: 'tls-renewal' },
  { query: "roll the database back to last night's snapshot", expected: 'restore-database' },
  { query: 'customers report checkout errors, alert firing', expected: 'incident-triage' },
  { query: 'revoke everything for an employee who quit', expected: 'offboard-employee' },
  { query: 'we need more capacity before the product launch', expected: 'scale-up-service' },
  { query: 'delete my account and all my data, says a customer', expected: 'delete-customer-data' },
  { query: 'set up the macbook for the person starting monday', expected: 'laptop-setup' },
  { query: 'turn on the new checkout for ten percent of users', expected: 'feature-flag-rollout' },
  { query: 'how long do we keep application logs, set it up', expected: 'log-retention' },
  { query: 'move the cluster to the next k8s version', expected: 'upgrade-kubernetes' },
  { query: 'prove we can actually recover from our backups', expected: 'backup-verification' },
  { query: 'procurement wants to buy a new SaaS tool, check it is safe', expected: 'vendor-security-review' },
  { query: 'replace the ssh keys on all servers', expected: 'ssh-key-rotation' },
  { query: 'a bunch of failed messages are stuck in the DLQ', expected: 'queue-dead-letters' },
  { query: 'the site is not loading for anyone', expected: 'website-down' },
  { query: 'a colleague is locked out of their account', expected: 'password-reset' },
  { query: 'time for the quarterly feedback round with managers', expected: 'performance-review-cycle' },
  { query: 'the api pods memory usage grows until they restart', expected: 'memory-leak' },
  { query: 'tests fail on every merge request pipeline', expected: 'ci-pipeline-broken' },
  { query: 'a password was pasted in a public slack channel', expected: 'api-key-leak' },
];
