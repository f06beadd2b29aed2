// A profile form on VeeValidate 4 and Vue 3: rules defined globally (one of
// them asynchronous, checking a list fetched beside the profile), a
// validation schema of rule strings, initial values from the profile chosen
// by the #! state (#!/profiles/NAME, #!/profiles/NAME/fix sets values and
// validates again), the form validated once loaded.
const { createApp, ref, nextTick } = Vue;
const { Form, Field, ErrorMessage, defineRule, configure } = VeeValidate;
let taken = [];
defineRule('required', v => (v !== undefined && v !== null && String(v).trim() !== '' && v !== false) || 'This field is required');
defineRule('email', v => !v || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v) || 'Not an email address');
defineRule('min', (v, [n]) => !v || String(v).length >= +n || `At least ${n} characters`);
defineRule('between', (v, [a, b]) => (+v >= +a && +v <= +b) || `Between ${a} and ${b}`);
defineRule('url', v => { try { new URL(v); return true; } catch { return 'Not a URL'; } });
defineRule('confirmed', (v, [target], ctx) => v === ctx.form[target] || 'Passwords differ');
defineRule('free', v => new Promise(res => setTimeout(() => res(!taken.includes(String(v).toLowerCase()) || `"${v}" is taken`), 120)));
configure({ validateOnInput: true });
const m = /^#!\/profiles\/(\w+)(\/fix)?/.exec(location.hash) || [];
const who = m[1] || 'mira', fix = !!m[2];
createApp({
  components: { VForm: Form, VField: Field, ErrorMessage },
  setup() {
    const initial = ref(null); const form = ref(null); const state = ref(''); const missing = ref(false);
    Promise.all([fetch('data/taken.json').then(r => r.json()), fetch('data/' + who + '.json').then(r => r.ok ? r.json() : null)]).then(async ([t, d]) => {
      taken = t;
      if (!d) { missing.value = true; return; }
      initial.value = d;
      document.title = 'Profile of ' + who;
      await nextTick();
      const res = await form.value.validate();
      state.value = 'first: ' + (res.valid ? 'valid' : 'invalid ' + Object.keys(res.errors).sort().join(','));
      if (fix) {
        form.value.setValues({ email: who + '@example.org', username: who + '2', age: '30', website: 'https://example.org/' + who, password: 'abcdefgh', confirm: 'abcdefgh', country: 'PT', terms: true });
        setTimeout(async () => {
          const r2 = await form.value.validate();
          const meta = form.value.getMeta();
          state.value += '; then: ' + (r2.valid ? 'valid' : 'invalid') + ', dirty ' + meta.dirty + ', touched ' + meta.touched;
        }, 50);
      }
    });
    const schema = { email: 'required|email', username: 'required|min:3|free', age: 'required|between:18,99', website: 'url', password: 'required|min:8', confirm: 'required|confirmed:password', country: 'required', terms: 'required' };
    return { initial, schema, form, state, missing, who, fix };
  },
  template: `
  <h1>Profile of {{ who }}<small v-if="fix"> (corrected)</small></h1>
  <p v-if="missing" id="missing">No profile called {{ who }}.</p>
  <p v-else-if="!initial">Fetching profile…</p>
  <v-form v-else ref="form" :validation-schema="schema" :initial-values="initial" v-slot="{ errors, meta }">
    <label>Email <v-field name="email" type="email" /></label><error-message name="email" class="err" as="p" />
    <label>User name <v-field name="username" /></label><error-message name="username" class="err" as="p" />
    <label>Age <v-field name="age" type="number" /></label><error-message name="age" class="err" as="p" />
    <label>Website <v-field name="website" type="url" /></label><error-message name="website" class="err" as="p" />
    <label>Password <v-field name="password" type="password" /></label><error-message name="password" class="err" as="p" />
    <label>Again <v-field name="confirm" type="password" /></label><error-message name="confirm" class="err" as="p" />
    <label>Country <v-field name="country" as="select"><option value="">Choose</option><option value="NO">Norway</option><option value="PT">Portugal</option></v-field></label><error-message name="country" class="err" as="p" />
    <label><v-field name="terms" type="checkbox" :value="true" :unchecked-value="false" /> I accept the terms</label><error-message name="terms" class="err" as="p" />
    <ul class="summary"><li v-for="(e, k) in errors" :key="k">{{ k }}: {{ e }}</li></ul>
    <p id="verdict" :class="meta.valid ? 'ok' : 'err'">Form is {{ meta.valid ? 'valid' : 'invalid' }}, {{ meta.dirty ? 'changed' : 'unchanged' }}</p>
    <button>Save</button>
  </v-form>
  <p id="state">{{ state }}</p>`
}).mount('#app');
