export function Component() {
  return (
    <main>
      <h1>privacy</h1>
    </main>
  );
}
