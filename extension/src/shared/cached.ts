// A value read once and kept until invalidated (for stored values: until storage says it changed).
export interface Cached<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export function cached<T>(read: () => Promise<T>): Cached<T> {
  let value: Promise<T> | undefined;
  return {
    get() {
      if (!value) {
        const reading = read();
        value = reading;
        // A failed read is not kept: the next get tries again.
        reading.catch(() => {
          if (value === reading) value = undefined;
        });
      }
      return value;
    },
    invalidate() {
      value = undefined;
    },
  };
}
