export function ScreenPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <section className="screen">
      <header className="screen-header">
        <h1>{title}</h1>
      </header>
      <div className="placeholder">
        <p>{description}</p>
        <p className="muted">This screen is being built.</p>
      </div>
    </section>
  );
}
