export function Component() {
  return (
    <main>
      <h1>register</h1>
    </main>
  );
}
