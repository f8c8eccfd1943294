// Skull King score pad: what this browser keeps between visits (localStorage: keys,
// the card names' language), read and written so that a browser refusing storage
// still shows the pages.

export function stored(name) {
  try {
    return localStorage.getItem(name);
  } catch (error) {
    return null;
  }
}

export function forget(name) {
  try {
    localStorage.removeItem(name);
  } catch (error) {
    // storage refused: nothing was kept
  }
}

export function keep(name, value) {
  try {
    localStorage.setItem(name, value);
  } catch (error) {
    // storage refused: the key works for this page only
  }
}
