/**
 * A library of 34 runbooks a team would keep, for measuring search by intent
 * (test/search/intent-queries.ts holds the requests). Written once; none of its
 * wording was tuned to a request. Some protocols have no triggers, as many real ones do not.
 */
import type { ProtocolSpec } from './corpus.js';

const note = { type: 'comment', comment: { min_length: 20 }, required: true };
const run = (cmd: string) => ({ type: 'shell', shell: { cmd, timeout_seconds: 600 }, required: true });
const confirm = (prompt: string) => ({ type: 'user_input', user_input: { prompt }, required: true });

export const INTENT_PROTOCOLS: readonly ProtocolSpec[] = [
  {
    slug: 'disk-cleanup',
    title: 'Free Disk Space on a Linux Host',
    intro: 'Reclaim space when a filesystem is close to full.',
    triggers: 'Use when a volume is above 90% used or writes fail with "No space left on device".',
    steps: [
      {
        heading: 'Find what is large',
        text: 'List the biggest directories with du and check docker images and old logs.',
        challenge: run('du -xh / | sort -h | tail -20'),
      },
      {
        heading: 'Prune caches and images',
        text: 'Remove dangling container images, build caches and rotated logs older than a week.',
        challenge: run('docker system prune -af'),
      },
      { heading: 'Confirm free space', text: 'Usage is back under 70%.', challenge: run('df -h') },
    ],
  },
  {
    slug: 'grant-cluster-access',
    title: 'Grant Access to a Kubernetes Cluster',
    intro: 'Give a person scoped access to a cluster and its namespaces.',
    triggers: '',
    steps: [
      {
        heading: 'Check the request',
        text: 'The manager approved the role and the namespaces; external people get an expiry date.',
        challenge: confirm('Who approved this access?'),
      },
      {
        heading: 'Bind the role',
        text: 'Create a RoleBinding for the user in each namespace with the least role that works.',
        challenge: run('kubectl create rolebinding'),
      },
      {
        heading: 'Send the kubeconfig',
        text: 'Share the login instructions through the password manager, never by chat.',
        challenge: note,
      },
    ],
  },
  {
    slug: 'tls-renewal',
    title: 'Renew TLS Certificates',
    intro: 'Renew and deploy certificates before they expire.',
    triggers: 'Use when a certificate expires within 30 days or browsers show an expired certificate warning.',
    steps: [
      {
        heading: 'List expiring certificates',
        text: 'Check the expiry dates of every public endpoint.',
        challenge: run('openssl s_client -connect host:443'),
      },
      { heading: 'Issue the new certificate', text: 'Request a new certificate from the CA with the same SANs.', challenge: note },
      { heading: 'Deploy and reload', text: 'Install it on the load balancers and reload the proxies without downtime.', challenge: note },
    ],
  },
  {
    slug: 'restore-database',
    title: 'Restore a Database from Backup',
    intro: 'Bring a database back to a point in time from its backups.',
    triggers: '',
    steps: [
      {
        heading: 'Pick the backup',
        text: 'Choose the last snapshot before the damage and the WAL position to replay to.',
        challenge: note,
      },
      {
        heading: 'Restore to a new instance',
        text: 'Restore the snapshot into a fresh instance, never over the live one.',
        challenge: run('pg_restore -d restored backup.dump'),
      },
      {
        heading: 'Verify and switch',
        text: 'Compare row counts and recent records, then point the application at the restored instance.',
        challenge: confirm('Switch traffic to the restored database?'),
      },
    ],
  },
  {
    slug: 'incident-triage',
    title: 'Triage a Production Alert',
    intro: 'First response when a pager alert fires.',
    triggers: 'Use when paged, when an alert fires, or when customers report errors.',
    steps: [
      { heading: 'Acknowledge', text: 'Acknowledge the page and open an incident channel.', challenge: note },
      { heading: 'Assess impact', text: 'Which users and regions are affected, and since when; set a severity.', challenge: note },
      { heading: 'Mitigate', text: 'Roll back, fail over or scale first; find the root cause later.', challenge: note },
    ],
  },
  {
    slug: 'offboard-employee',
    title: 'Offboard a Departing Employee',
    intro: 'Remove every access of someone who leaves the company.',
    triggers: "Use on a person's last day.",
    steps: [
      { heading: 'Disable the identity', text: 'Suspend the SSO account and revoke its sessions and tokens.', challenge: note },
      { heading: 'Transfer ownership', text: 'Move their documents, repositories and on-call shifts to their manager.', challenge: note },
      { heading: 'Recover equipment', text: 'Collect the laptop and badge.', challenge: confirm('Laptop returned?') },
    ],
  },
  {
    slug: 'rotate-db-password',
    title: 'Rotate Database Credentials',
    intro: 'Replace the password an application uses for its database.',
    triggers: '',
    steps: [
      { heading: 'Create the new user or password', text: 'Add the new credential alongside the old one.', challenge: note },
      {
        heading: 'Roll the application',
        text: 'Update the secret and restart the pods one by one.',
        challenge: run('kubectl rollout restart deploy/api'),
      },
      { heading: 'Drop the old credential', text: 'Once no connection uses it, remove the old password.', challenge: note },
    ],
  },
  {
    slug: 'scale-up-service',
    title: 'Scale a Service for Expected Traffic',
    intro: 'Add capacity ahead of a launch or a sale.',
    triggers: 'Use before a marketing campaign, a launch or a seasonal peak.',
    steps: [
      { heading: 'Estimate load', text: "Forecast requests per second from last year's peak and the campaign size.", challenge: note },
      {
        heading: 'Raise replicas and limits',
        text: 'Increase the autoscaler minimum and the database connection pool.',
        challenge: run('kubectl scale deploy/web --replicas=20'),
      },
      { heading: 'Load test', text: 'Run a load test at twice the forecast.', challenge: run('k6 run load.js') },
    ],
  },
  {
    slug: 'dns-change',
    title: 'Change a DNS Record',
    intro: 'Create or update a DNS record safely.',
    triggers: '',
    steps: [
      { heading: 'Lower the TTL', text: 'A day before, lower the TTL of the record to 60 seconds.', challenge: note },
      { heading: 'Update the record', text: 'Point the domain name at the new address in the DNS provider.', challenge: note },
      { heading: 'Check propagation', text: 'Resolve the name from several resolvers.', challenge: run('dig +short example.com @1.1.1.1') },
    ],
  },
  {
    slug: 'memory-leak',
    title: 'Investigate a Memory Leak',
    intro: 'Find why a process keeps growing until it is killed.',
    triggers: 'Use when a process is OOMKilled or its RSS grows without bound.',
    steps: [
      { heading: 'Confirm the growth', text: 'Graph resident memory over a day and correlate with restarts.', challenge: note },
      { heading: 'Take heap snapshots', text: 'Take two heap snapshots an hour apart and diff the retained objects.', challenge: note },
      { heading: 'Fix and watch', text: 'Release the retained references and watch the memory graph stay flat.', challenge: note },
    ],
  },
  {
    slug: 'ci-pipeline-broken',
    title: 'Repair a Broken CI Pipeline',
    intro: 'Get the main branch build green again.',
    triggers: '',
    steps: [
      { heading: 'Find the first red build', text: 'Find the first failing commit on main and read its job log.', challenge: note },
      {
        heading: 'Revert or fix forward',
        text: 'Revert the commit if the fix is not obvious within fifteen minutes.',
        challenge: run('git revert HEAD'),
      },
      { heading: 'Re-run the pipeline', text: 'The whole pipeline passes on main.', challenge: note },
    ],
  },
  {
    slug: 'customer-data-export',
    title: "Export a Customer's Personal Data",
    intro: 'Answer a data subject access request (GDPR article 15).',
    triggers: 'Use when a customer asks for a copy of the data held about them.',
    steps: [
      { heading: 'Verify identity', text: 'Confirm the requester owns the account.', challenge: confirm('Identity verified how?') },
      { heading: 'Collect the data', text: 'Export the profile, orders, support tickets and logs that name them.', challenge: note },
      { heading: 'Send securely', text: 'Send the archive by an expiring link within 30 days of the request.', challenge: note },
    ],
  },
  {
    slug: 'delete-customer-data',
    title: 'Erase a Customer Account',
    intro: 'Delete an account and its personal data on request (right to erasure).',
    triggers: '',
    steps: [
      { heading: 'Check retention duties', text: 'Invoices must be kept; everything else goes.', challenge: note },
      {
        heading: 'Delete everywhere',
        text: 'Remove the records from the primary database, search index, analytics and backups schedule.',
        challenge: note,
      },
      { heading: 'Confirm to the customer', text: 'Tell the customer the account is gone.', challenge: note },
    ],
  },
  {
    slug: 'new-microservice',
    title: 'Bootstrap a New Microservice',
    intro: 'Create a new service from the template with CI, monitoring and a runbook.',
    triggers: '',
    steps: [
      { heading: 'Generate from the template', text: 'Create the repository from the service template.', challenge: note },
      { heading: 'Wire CI and deploy', text: 'Register the pipeline and the staging environment.', challenge: note },
      { heading: 'Add dashboards and alerts', text: 'Create the latency and error-rate dashboard and its alerts.', challenge: note },
    ],
  },
  {
    slug: 'vpn-troubleshooting',
    title: 'Troubleshoot VPN Connectivity',
    intro: 'Help someone who cannot reach internal systems over the VPN.',
    triggers: 'Use when a user cannot connect to the VPN or internal sites time out.',
    steps: [
      { heading: 'Check the client', text: 'Client version, system clock and the certificate on the device.', challenge: note },
      { heading: 'Check the gateway', text: 'Look for the user in the gateway logs and check their group.', challenge: note },
      { heading: 'Reissue the profile', text: 'Revoke and reissue the VPN profile if the certificate is bad.', challenge: note },
    ],
  },
  {
    slug: 'laptop-setup',
    title: 'Prepare a Laptop for a New Hire',
    intro: "Image, enrol and hand over a laptop before someone's first day.",
    triggers: '',
    steps: [
      { heading: 'Enrol in device management', text: 'Enrol the machine, enforce disk encryption and the screen lock.', challenge: note },
      { heading: 'Install the standard tools', text: 'Browser, password manager, chat and the development toolchain.', challenge: note },
      { heading: 'Hand over', text: 'Hand it over with the welcome sheet.', challenge: confirm('Handed over to whom?') },
    ],
  },
  {
    slug: 'cost-review',
    title: 'Review the Monthly Cloud Bill',
    intro: 'Find and cut waste in the cloud spend.',
    triggers: 'Use when the cloud invoice jumps or at each month end.',
    steps: [
      { heading: 'Break down the spend', text: 'Group cost by service, team and tag; compare with last month.', challenge: note },
      { heading: 'Find idle resources', text: 'Unattached volumes, idle instances, old snapshots, oversized databases.', challenge: note },
      { heading: 'Act', text: 'Delete, rightsize or buy reservations; record the expected savings.', challenge: note },
    ],
  },
  {
    slug: 'kafka-consumer-lag',
    title: 'Reduce Kafka Consumer Lag',
    intro: 'Catch a consumer group up when messages pile up in a topic.',
    triggers: '',
    steps: [
      {
        heading: 'Measure lag per partition',
        text: 'Find which partitions fall behind.',
        challenge: run('kafka-consumer-groups --describe --group orders'),
      },
      { heading: 'Add consumers', text: 'Scale consumers up to the partition count; look for a slow handler.', challenge: note },
      { heading: 'Watch it drain', text: 'The backlog shrinks to zero.', challenge: note },
    ],
  },
  {
    slug: 'postmortem',
    title: 'Write an Incident Postmortem',
    intro: 'A blameless review after an incident, with follow-up actions.',
    triggers: 'Use within five days after a sev1 or sev2 incident.',
    steps: [
      {
        heading: 'Build the timeline',
        text: 'From the incident channel, alerts and deploys, write what happened minute by minute.',
        challenge: note,
      },
      { heading: 'Find contributing factors', text: 'Ask why until the causes are systemic, not personal.', challenge: note },
      { heading: 'Agree actions', text: 'Each action has an owner and a date.', challenge: note },
    ],
  },
  {
    slug: 'feature-flag-rollout',
    title: 'Roll Out a Feature Behind a Flag',
    intro: 'Release a feature gradually with a kill switch.',
    triggers: '',
    steps: [
      { heading: 'Enable for staff', text: 'Turn the flag on for internal users only.', challenge: note },
      { heading: 'Ramp up', text: 'Go to 5%, 25%, 50% and 100% of users, watching errors and conversion.', challenge: note },
      { heading: 'Remove the flag', text: 'Delete the flag and the dead code path once at 100% for a week.', challenge: note },
    ],
  },
  {
    slug: 'api-key-leak',
    title: 'Respond to a Leaked Secret',
    intro: 'A credential was exposed in a repository, a log or a chat.',
    triggers: 'Use when a token, password or private key was committed or pasted somewhere public.',
    steps: [
      { heading: 'Revoke immediately', text: 'Revoke the exposed credential before anything else.', challenge: note },
      { heading: 'Check for abuse', text: 'Search the audit logs for use of it since the exposure.', challenge: note },
      { heading: 'Purge and prevent', text: 'Remove it from history and enable secret scanning.', challenge: note },
    ],
  },
  {
    slug: 'log-retention',
    title: 'Configure Log Retention',
    intro: 'Set how long logs are kept per environment and delete what is older.',
    triggers: '',
    steps: [
      { heading: 'Agree the periods', text: 'Production 30 days hot and one year archived; staging 7 days.', challenge: note },
      { heading: 'Apply the policies', text: 'Set the index lifecycle and bucket expiry rules.', challenge: note },
    ],
  },
  {
    slug: 'upgrade-kubernetes',
    title: 'Upgrade the Kubernetes Control Plane and Nodes',
    intro: 'Move a cluster to the next minor version.',
    triggers: '',
    steps: [
      { heading: 'Read the deprecations', text: 'Find removed APIs used by our manifests.', challenge: run('kubent') },
      { heading: 'Upgrade the control plane', text: 'Upgrade the managed control plane one minor version.', challenge: note },
      {
        heading: 'Roll the node pools',
        text: 'Drain and replace nodes pool by pool.',
        challenge: run('kubectl drain node --ignore-daemonsets'),
      },
    ],
  },
  {
    slug: 'slow-database-query',
    title: 'Tune a Slow SQL Query',
    intro: 'Make a query that got slow fast again.',
    triggers: 'Use when the slow query log shows a statement taking seconds.',
    steps: [
      {
        heading: 'Explain the plan',
        text: 'Run EXPLAIN ANALYZE and look for sequential scans and bad estimates.',
        challenge: run('psql -c "EXPLAIN ANALYZE ..."'),
      },
      { heading: 'Add an index or rewrite', text: 'Add the missing index or rewrite the join.', challenge: note },
      { heading: 'Compare timings', text: 'Measure before and after on production-sized data.', challenge: note },
    ],
  },
  {
    slug: 'backup-verification',
    title: 'Test That Backups Can Be Restored',
    intro: 'A quarterly drill: prove the backups are usable.',
    triggers: '',
    steps: [
      { heading: "Restore last night's backup", text: 'Restore into an isolated environment.', challenge: note },
      { heading: 'Run integrity checks', text: 'Checksums, row counts and an application smoke test.', challenge: note },
      { heading: 'Record the drill', text: 'Record the time to restore against the objective.', challenge: note },
    ],
  },
  {
    slug: 'vendor-security-review',
    title: "Assess a New Vendor's Security",
    intro: 'Review a SaaS supplier before procurement signs.',
    triggers: '',
    steps: [
      { heading: 'Collect reports', text: 'Ask for the SOC 2 report, pen-test summary and data processing agreement.', challenge: note },
      { heading: 'Classify the data', text: 'Which of our data they would hold, and where.', challenge: note },
      { heading: 'Decide', text: 'Approve, approve with conditions, or reject.', challenge: confirm('Decision?') },
    ],
  },
  {
    slug: 'ssh-key-rotation',
    title: 'Rotate SSH Host and User Keys',
    intro: 'Replace SSH keys on servers and for people.',
    triggers: '',
    steps: [
      { heading: 'Generate new keys', text: 'Generate ed25519 keys.', challenge: run('ssh-keygen -t ed25519') },
      { heading: 'Distribute', text: 'Push the new public keys to authorized_keys through configuration management.', challenge: note },
      { heading: 'Remove the old keys', text: 'Remove old keys once logins with the new ones work.', challenge: note },
    ],
  },
  {
    slug: 'queue-dead-letters',
    title: 'Reprocess Dead-Lettered Messages',
    intro: 'Replay messages that failed and landed in the dead-letter queue.',
    triggers: '',
    steps: [
      { heading: 'Inspect failures', text: 'Group the dead letters by error.', challenge: note },
      { heading: 'Fix the cause', text: 'Deploy the fix for the handler that failed.', challenge: note },
      { heading: 'Redrive', text: 'Move the messages back to the main queue in small batches.', challenge: note },
    ],
  },
  {
    slug: 'website-down',
    title: 'Bring a Website Back Online',
    intro: 'The public website returns errors or does not load.',
    triggers: 'Use when the homepage returns 502, 503 or times out.',
    steps: [
      {
        heading: 'Check from outside',
        text: 'Check status from several regions and the CDN.',
        challenge: run('curl -I https://www.example.com'),
      },
      { heading: 'Check origin and proxy', text: 'Are the origin servers and the reverse proxy healthy?', challenge: note },
      { heading: 'Restore service', text: 'Restart, fail over or serve the static fallback page.', challenge: note },
    ],
  },
  {
    slug: 'terraform-drift',
    title: 'Reconcile Infrastructure Drift',
    intro: 'Live infrastructure no longer matches the Terraform code.',
    triggers: '',
    steps: [
      { heading: 'Plan', text: 'Run a plan and list every resource that differs.', challenge: run('terraform plan') },
      { heading: 'Decide per resource', text: 'Import the manual change into code, or apply the code over it.', challenge: note },
    ],
  },
  {
    slug: 'password-reset',
    title: "Reset a User's Password and MFA",
    intro: 'Help a locked-out colleague get back into their account.',
    triggers: 'Use when someone forgot their password or lost their authenticator.',
    steps: [
      {
        heading: 'Verify the person',
        text: 'Verify identity by video call or in person.',
        challenge: confirm('How was identity verified?'),
      },
      { heading: 'Reset', text: 'Issue a temporary password and reset the second factor.', challenge: note },
    ],
  },
  {
    slug: 'performance-review-cycle',
    title: 'Run the Quarterly Performance Review Cycle',
    intro: 'HR process for quarterly feedback.',
    triggers: '',
    steps: [
      { heading: 'Open the cycle', text: 'Send self-assessment forms to every employee.', challenge: note },
      { heading: 'Calibrate', text: 'Managers meet to calibrate ratings.', challenge: note },
    ],
  },
  {
    slug: 'cdn-cache-purge',
    title: 'Purge the CDN Cache',
    intro: 'Make users see new static assets immediately.',
    triggers: '',
    steps: [
      { heading: 'Choose the paths', text: 'Purge only the changed paths, not the whole zone.', challenge: note },
      {
        heading: 'Purge and verify',
        text: 'Purge and check the response headers show a cache miss.',
        challenge: run('curl -I https://cdn.example.com/app.js'),
      },
    ],
  },
  {
    slug: 'git-history-cleanup',
    title: 'Remove a Large File from Git History',
    intro: 'Rewrite history to drop a file that bloats the repository.',
    triggers: '',
    steps: [
      {
        heading: 'Rewrite',
        text: 'Use git filter-repo to remove the path from every commit.',
        challenge: run('git filter-repo --path big.bin --invert-paths'),
      },
      { heading: 'Force push and tell everyone', text: 'Force-push and ask everyone to re-clone.', challenge: note },
    ],
  },
];
