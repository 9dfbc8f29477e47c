// Where this device keeps the PIN it was accepted with: read by the attempt page on every load,
// so it lives apart from the PIN dialog, which the page loads only when it has to ask.
export const PIN_STORAGE_KEY = "pinCode";
