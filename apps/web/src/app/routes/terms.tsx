export function Component() {
  return (
    <main>
      <h1>terms</h1>
    </main>
  );
}
