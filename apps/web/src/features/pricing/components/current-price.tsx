/** The price in force now, large, above the form that changes it. */
export function CurrentPrice({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border bg-muted p-4" data-testid="current-price">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold">{value}</p>
    </div>
  );
}
