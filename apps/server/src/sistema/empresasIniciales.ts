// The two companies every installation starts with (a leaf module: services read these ids without
// importing the seed, which imports the services).
export const TENANT_DEMO = 1;
/** The operator company: the only one that registers companies and manages plans (spec 000 §2, §6). */
export const TENANT_OPERADOR = 2;
