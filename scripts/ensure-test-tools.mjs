// Tools the test suite needs beyond npm packages. Each entry checks, installs when possible (root +
// apt-get), and otherwise stops with a clear message.
export {};
