// After each server test file: close the database pools the file opened, so no idle connection
// outlives its file (in-band runs share a process with the global teardown, which drops the database).
afterAll(async () => {
  const g = globalThis as unknown as { __db?: { $disconnect(): Promise<void> }; __maintenancePool?: { end(): Promise<void> } };
  await g.__db?.$disconnect().catch(() => undefined);
  await g.__maintenancePool?.end().catch(() => undefined);
  g.__db = undefined;
  g.__maintenancePool = undefined;
});
