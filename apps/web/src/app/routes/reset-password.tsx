export function Component() {
  return (
    <main>
      <h1>reset-password</h1>
    </main>
  );
}
