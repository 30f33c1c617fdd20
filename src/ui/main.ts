/**
 * The live page: asks who we are (and for a token when the server wants one), then keeps runs,
 * prompts and proposals current over one graphql-ws connection.
 */
import './styles.css';
import { byId } from './dom.js';
import { humanize } from './format.js';
import { LiveSession } from './live-session.js';
import { LiveState } from './live-state.js';
import { AnswerPromptMutation, ApplyProposalMutation, RejectProposalMutation, ViewerQuery } from './operations.js';
import { AuthRequiredError, type ConnectionState, createHttp, createLiveClient } from './transport.js';
import { mountPrompts } from './views/prompts-view.js';
import { mountProposals } from './views/proposals-view.js';
import { mountRunDetail } from './views/run-detail.js';
import { mountRuns } from './views/runs-view.js';

/** sessionStorage, not localStorage: the token lives as long as the tab. */
const TOKEN_KEY = 'kairos.token';

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost, reconnecting…',
  'signed-out': 'Not signed in',
};

let session: LiveSession | null = null;
const unmounts: (() => void)[] = [];

function showConnection(state: ConnectionState): void {
  const element = byId('connection');
  element.dataset.state = state;
  byId('connection-text').textContent = CONNECTION_TEXT[state];
}

function announce(message: string): void {
  const log = byId('announcer');
  log.append(Object.assign(document.createElement('p'), { textContent: message }));
  while (log.childElementCount > 5) log.firstElementChild?.remove();
}

function showNotice(message: string | null): void {
  const notice = byId('notice');
  notice.textContent = message ?? '';
  notice.hidden = message === null;
}

async function stopSession(): Promise<void> {
  for (const unmount of unmounts.splice(0)) unmount();
  const current = session;
  session = null;
  await current?.stop();
}

async function askForToken(reason: string): Promise<void> {
  await stopSession();
  sessionStorage.removeItem(TOKEN_KEY);
  showConnection('signed-out');
  byId('live').hidden = true;
  byId('forget-token').hidden = true;
  byId('viewer').textContent = '';
  byId('auth-reason').textContent = reason;
  byId('auth').hidden = false;
  byId<HTMLInputElement>('auth-token').focus();
}

async function start(): Promise<void> {
  showNotice(null);
  const token = sessionStorage.getItem(TOKEN_KEY);
  const http = createHttp(token);
  let viewer;
  try {
    ({ me: viewer } = await http(ViewerQuery, {}));
  } catch (error) {
    if (error instanceof AuthRequiredError) {
      await askForToken(token ? `The token was refused (${error.message}). Enter another one.` : 'This server requires an API token.');
      return;
    }
    showNotice(`Could not reach the server: ${(error as Error).message}. Reload the page to try again.`);
    return;
  }

  byId('auth').hidden = true;
  byId('live').hidden = false;
  byId('forget-token').hidden = !token;
  byId('viewer').textContent = viewer.authenticated
    ? `${viewer.principalId} · ${humanize(viewer.role)}`
    : 'Local access (authentication is off)';

  const state = new LiveState();
  state.viewer = viewer;
  // A stopped session's socket still reports its own close: it must not overwrite the indicator.
  let stopped = false;
  unmounts.push(() => {
    stopped = true;
  });
  const client = createLiveClient({
    token,
    onState: (connection) => {
      if (!stopped) showConnection(connection);
    },
    onForbidden: () => void askForToken('The server closed the connection: the token is no longer valid. Enter another one.'),
  });
  const current = new LiveSession(http, client, state, {
    announce,
    onAuthRequired: () => void askForToken('The token is no longer valid. Enter another one.'),
  });
  session = current;

  const detail = mountRunDetail(state, http);
  unmounts.push(
    detail.unmount,
    mountRuns(state, (runId) => detail.open(runId)),
    mountPrompts(state, {
      async answer(prompt, confirmation) {
        const { answerPrompt } = await http(AnswerPromptMutation, { input: { promptId: prompt.promptId, confirmation } });
        state.removePrompt(prompt.promptId);
        const result = answerPrompt.result;
        const outcome = result.errorCode ? `${humanize(result.errorCode)}: ${result.message ?? ''}` : 'the run goes on';
        announce(`Answered ${prompt.protocolLabel}, step ${prompt.stepIndex}: ${outcome}`);
        return `Answered: ${outcome}`;
      },
    }),
  );
  const proposals = mountProposals(state, {
    async apply(proposal) {
      const { applyProposal } = await http(ApplyProposalMutation, { id: proposal.id });
      void current.refreshProposals();
      return applyProposal;
    },
    async reject(proposal, reason) {
      const { rejectProposal } = await http(RejectProposalMutation, { id: proposal.id, reason });
      void current.refreshProposals();
      return rejectProposal;
    },
  });
  // Relative times ("expires in 2 hours") age with the clock, not with the server.
  const clock = setInterval(proposals.render, 30_000);
  unmounts.push(proposals.unmount, () => clearInterval(clock));
}

function wireStaticControls(): void {
  byId<HTMLFormElement>('auth-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>('auth-token');
    const token = input.value.trim();
    if (token === '') return;
    sessionStorage.setItem(TOKEN_KEY, token);
    input.value = '';
    void start();
  });
  byId('forget-token').addEventListener('click', () => void askForToken('Token forgotten. Enter a token to continue.'));
}

wireStaticControls();
void start();
