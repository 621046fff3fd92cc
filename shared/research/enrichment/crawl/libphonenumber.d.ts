// google-libphonenumber ships no types (and @types is not installed): the slice the crawler uses.
declare module 'google-libphonenumber' {
  interface PhoneNumber {}
  const lib: {
    PhoneNumberUtil: {
      getInstance(): { parse(s: string, region?: string): PhoneNumber; isValidNumber(n: PhoneNumber): boolean; format(n: PhoneNumber, f: number): string };
    };
    PhoneNumberFormat: { E164: number };
  };
  export default lib;
}
