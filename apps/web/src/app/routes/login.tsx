export function Component() {
  return (
    <main>
      <h1>Mawadda</h1>
    </main>
  );
}
