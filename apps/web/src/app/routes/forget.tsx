export function Component() {
  return (
    <main>
      <h1>forget</h1>
    </main>
  );
}
