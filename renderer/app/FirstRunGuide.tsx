/**
 * The first-run guide (issue 28, item 10): on the first start the app opens on a dense example; a few lines say what
 * it is and what to do first. Dismissed once, it stays hidden (settings:dismiss-guide, kept in the database).
 */
export function FirstRunGuide({ onDismiss, onGo }: { onDismiss: () => void; onGo: (screen: 'plan' | 'estimate') => void }) {
  return (
    <section className="first-run-guide banner info" aria-labelledby="first-run-title">
      <div className="frg-body">
        <h2 id="first-run-title">Welcome to GPU Planner</h2>
        <p>
          You are looking at an <strong>example project</strong>, built from a real team plan (a VitalDB model trained on Google Colab). Its
          warnings and errors are part of the example: they show what the app checks for you.
        </p>
        <ol>
          <li>
            Look around the example: the{' '}
            <button type="button" className="link-button" onClick={() => onGo('plan')}>
              Plan
            </button>{' '}
            shows who trains what on which GPU, week by week, and its problems.
          </li>
          <li>
            Start your own: <strong>+ New project</strong> in the sidebar’s project section (Project ▾ there imports a plan file).
          </li>
          <li>
            Size a training run on{' '}
            <button type="button" className="link-button" onClick={() => onGo('estimate')}>
              Estimate
            </button>
            : memory, time and cost on every GPU and offering.
          </li>
        </ol>
      </div>
      <button type="button" className="btn small" onClick={onDismiss}>
        Got it, hide this
      </button>
    </section>
  );
}
