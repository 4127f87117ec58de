/**
 * Sums Meta's decimal strings exactly, keeping the most decimals seen (up to 6): adding floats would
 * print "0.30000000000000004" where Meta prints "0.3".
 */
export class DecimalSum {
  private scaled = 0;
  private scale = 0;

  add(text: string): void {
    const decimals = Math.min(6, text.split('.')[1]?.length ?? 0);
    if (decimals > this.scale) {
      this.scaled *= 10 ** (decimals - this.scale);
      this.scale = decimals;
    }
    const value = Number(text);
    if (Number.isFinite(value)) this.scaled += Math.round(value * 10 ** this.scale);
  }

  get value(): number {
    return this.scaled / 10 ** this.scale;
  }

  toString(): string {
    return this.value.toFixed(this.scale);
  }
}
