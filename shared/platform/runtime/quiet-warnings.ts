// The AWS SDK warns once per process that releases after January 2027 need Node 22. The project
// already targets Node 22 on Lambda; locally (Node 20) the notice is noise on every start, so it
// alone is filtered. Every other warning still prints.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (!w.message.startsWith('NodeVersionSupportWarning')) console.warn(`${w.name}: ${w.message}`);
});
export {};
