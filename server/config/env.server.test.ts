// The validated environment of DESIGN §7.
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, publicEnv } from "./env.server.ts";

const SECRET_32 = "s".repeat(32);

/** Calls parseEnv expecting an EnvError; returns it. */
function envError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv defaults", () => {
  it("runs with an empty environment", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe(".data");
    expect(env.PUBLIC_APP_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.OPENAI_MODEL).toBe("gpt-4o-mini");
    expect(env.MAIL_FROM).toBe("LeadBroom <no-reply@leadbroom.test>");
    // Unset optional services stay unset: PGlite, in-memory, rules only, billing not configured, outbox.
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.STRIPE_PUBLISHABLE_KEY).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it.each([
    ["8080", 8080, "http://localhost:8080"],
    ["3000", 3000, "http://localhost:3000"],
    ["65535", 65535, "http://localhost:65535"],
  ])("PORT %s → %d, PUBLIC_APP_URL derived as %s", (port, value, url) => {
    const env = parseEnv({ PORT: port });
    expect(env.PORT).toBe(value);
    expect(env.PUBLIC_APP_URL).toBe(url);
  });

  it.each([
    ["https://app.leadbroom.test/", "https://app.leadbroom.test"],
    ["https://app.leadbroom.test///", "https://app.leadbroom.test"],
    ["https://example.com/leadbroom/", "https://example.com/leadbroom"],
    ["http://localhost:4000", "http://localhost:4000"],
  ])("PUBLIC_APP_URL %s → %s (trailing slashes removed)", (url, expected) => {
    expect(parseEnv({ PUBLIC_APP_URL: url }).PUBLIC_APP_URL).toBe(expected);
  });

  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("SEED_DEMO %s → %s", (value, flag) => {
    expect(parseEnv({ SEED_DEMO: value }).SEED_DEMO).toBe(flag);
  });

  it("SEED_DEMO defaults to off in production (its password is published) and on in development and tests", () => {
    expect(parseEnv({ NODE_ENV: "production" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", SEED_DEMO: "" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "development" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "test" }).SEED_DEMO).toBe(true);
    // Still switched on explicitly, e.g. a staging instance.
    expect(parseEnv({ NODE_ENV: "production", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "development", SEED_DEMO: "0" }).SEED_DEMO).toBe(false);
  });

  it.each([
    ["1", 1],
    ["2", 2],
    ["false", false],
    ["0", false],
  ])("TRUST_PROXY %s → %s", (value, flag) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(flag);
  });

  it("TRUST_PROXY takes proxy addresses and CIDR ranges, and refuses true and bad addresses", () => {
    expect(parseEnv({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16, loopback" }).TRUST_PROXY).toEqual(["10.0.0.1", "10.1.0.0/16", "loopback"]);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY.*number of proxies/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.300" })).toThrow(/TRUST_PROXY/);
  });

  it("accepts a complete, valid configuration", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      PUBLIC_APP_URL: "https://app.leadbroom.test/",
      SESSION_SECRET: SECRET_32,
      DATABASE_URL: "postgresql://lb:pw@db:5432/leadbroom",
      REDIS_URL: "rediss://cache:6380",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: "http://openai.mock/v1",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_PUBLISHABLE_KEY: "pk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_PRICE_STARTER_MONTHLY: "price_1",
      SMTP_URL: "smtps://user:pw@mail:465",
    });
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 8080,
      PUBLIC_APP_URL: "https://app.leadbroom.test",
      SESSION_SECRET: SECRET_32,
      DATABASE_URL: "postgresql://lb:pw@db:5432/leadbroom",
      REDIS_URL: "rediss://cache:6380",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_PUBLISHABLE_KEY: "pk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
      STRIPE_PRICE_STARTER_MONTHLY: "price_1",
      SMTP_URL: "smtps://user:pw@mail:465",
    });
  });
});

describe("parseEnv refuses bad values, naming the variable", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://user:pw@db/leadbroom"],
    ["DATABASE_URL", "not a url"],
    ["REDIS_URL", "http://cache:6379"],
    ["PUBLIC_APP_URL", "ftp://app.leadbroom.test"],
    ["PUBLIC_APP_URL", "app.leadbroom.test"],
    ["SESSION_SECRET", "s".repeat(31)],
    ["STRIPE_SECRET_KEY", "pk_test_123"],
    ["STRIPE_SECRET_KEY", "rk_test_123"],
    ["STRIPE_PUBLISHABLE_KEY", "sk_test_123"],
    ["STRIPE_WEBHOOK_SECRET", "secret"],
    ["STRIPE_PRICE_PRO_ANNUAL", "prod_123"],
    ["SMTP_URL", "http://mail"],
    ["NODE_ENV", "staging"],
    ["SEED_DEMO", "yes"],
  ])("%s=%j", (name, value) => {
    const error = envError({ [name]: value });
    expect(error.name).toBe("EnvError");
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatch(new RegExp(`^${name}: `));
    expect(error.message).toContain(name);
    expect(error.message).toMatch(/^Invalid environment configuration:\n {2}- /);
  });

  it("gives readable reasons", () => {
    expect(envError({ DATABASE_URL: "mysql://db/lb" }).issues).toEqual([
      "DATABASE_URL: must be a URL starting with postgres:// or postgresql://",
    ]);
    expect(envError({ SESSION_SECRET: "short" }).issues).toEqual(["SESSION_SECRET: must be at least 32 characters"]);
    expect(envError({ STRIPE_SECRET_KEY: "rk_live_1" }).issues).toEqual(['STRIPE_SECRET_KEY: must start with "sk_"']);
  });

  it("accepts a SESSION_SECRET of exactly 32 characters", () => {
    expect(parseEnv({ SESSION_SECRET: SECRET_32 }).SESSION_SECRET).toBe(SECRET_32);
  });

  it.each([["postgres://db/lb"], ["postgresql://db/lb"]])("accepts DATABASE_URL %s", (url) => {
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it("reports several bad variables together", () => {
    const error = envError({
      PORT: "abc",
      DATABASE_URL: "mysql://db/lb",
      SESSION_SECRET: "short",
      STRIPE_SECRET_KEY: "pk_wrong",
    });
    expect(error.issues).toHaveLength(4);
    expect(error.issues.map((issue) => issue.split(":")[0]).sort()).toEqual([
      "DATABASE_URL",
      "PORT",
      "SESSION_SECRET",
      "STRIPE_SECRET_KEY",
    ]);
    for (const name of ["PORT", "DATABASE_URL", "SESSION_SECRET", "STRIPE_SECRET_KEY"]) {
      expect(error.message).toContain(`  - ${name}: `);
    }
  });

  it("refuses REDIS_URL without DATABASE_URL in production (PGlite is single-process)", () => {
    expect(envError({ NODE_ENV: "production", REDIS_URL: "redis://cache:6379" }).issues).toEqual([
      "REDIS_URL: scale-out needs a shared database; set DATABASE_URL too (PGlite is single-process)",
    ]);
    expect(parseEnv({ NODE_ENV: "development", REDIS_URL: "redis://cache:6379" }).REDIS_URL).toBe("redis://cache:6379");
  });

  it("refuses the test-only crash hook in production, and recovers chat turns after 30 s by default", () => {
    expect(envError({ NODE_ENV: "production", TEST_CRASH_AT: "before-reply" }).issues).toEqual([
      "TEST_CRASH_AT: the crash hook is for tests only; unset it in production",
    ]);
    expect(parseEnv({ NODE_ENV: "test", TEST_CRASH_AT: "before-capture" }).TEST_CRASH_AT).toBe("before-capture");
    expect(envError({ NODE_ENV: "test", TEST_CRASH_AT: "anywhere" }).issues[0]).toMatch(/^TEST_CRASH_AT:/);
    expect(parseEnv({}).TEST_CRASH_AT).toBeUndefined();
    expect(parseEnv({}).CHAT_RECOVERY_AFTER_SECONDS).toBe(30);
    expect(envError({ CHAT_RECOVERY_AFTER_SECONDS: "0" }).issues[0]).toMatch(/^CHAT_RECOVERY_AFTER_SECONDS:/);
  });
});

describe("parseEnv treats empty strings as unset", () => {
  it.each([
    ["SESSION_SECRET"],
    ["DATABASE_URL"],
    ["REDIS_URL"],
    ["OPENAI_API_KEY"],
    ["OPENAI_BASE_URL"],
    ["STRIPE_SECRET_KEY"],
    ["STRIPE_PUBLISHABLE_KEY"],
    ["STRIPE_WEBHOOK_SECRET"],
    ["STRIPE_PRICE_STARTER_MONTHLY"],
    ["SMTP_URL"],
  ])("%s='' and '  ' → undefined", (name) => {
    expect(parseEnv({ [name]: "" })[name as keyof ReturnType<typeof parseEnv>]).toBeUndefined();
    expect(parseEnv({ [name]: "  " })[name as keyof ReturnType<typeof parseEnv>]).toBeUndefined();
  });

  it("derives PUBLIC_APP_URL when it is empty", () => {
    expect(parseEnv({ PUBLIC_APP_URL: "" }).PUBLIC_APP_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PUBLIC_APP_URL: "", PORT: "4000" }).PUBLIC_APP_URL).toBe("http://localhost:4000");
  });

  it("TRUST_PROXY='' → false", () => {
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
  });

  // Variables with a default must fall back to it when set to "" (e.g. `PORT=` in an .env file
  // or a compose file), exactly as when they are not set at all.
  it.each([
    ["PORT", 3000],
    ["DATA_DIR", ".data"],
    ["HOST", "0.0.0.0"],
    ["OPENAI_MODEL", "gpt-4o-mini"],
    ["MAIL_FROM", "LeadBroom <no-reply@leadbroom.test>"],
    ["SEED_DEMO", true],
    ["NODE_ENV", "development"],
  ])("%s='' → its default %j", (name, expected) => {
    expect(parseEnv({ [name]: "" })[name as keyof ReturnType<typeof parseEnv>]).toBe(expected);
  });
});

describe("publicEnv", () => {
  const secrets = {
    SESSION_SECRET: SECRET_32,
    DATABASE_URL: "postgresql://lb:dbpass@db/leadbroom",
    REDIS_URL: "redis://:redispass@cache:6379",
    OPENAI_API_KEY: "sk-openai-secret",
    STRIPE_SECRET_KEY: "sk_test_secret",
    STRIPE_WEBHOOK_SECRET: "whsec_secret",
    SMTP_URL: "smtp://user:smtppass@mail:25",
  };

  it("returns exactly PUBLIC_APP_URL and STRIPE_PUBLISHABLE_KEY", () => {
    const env = parseEnv({ ...secrets, PUBLIC_APP_URL: "https://app.leadbroom.test/", STRIPE_PUBLISHABLE_KEY: "pk_test_1" });
    expect(publicEnv(env)).toEqual({
      PUBLIC_APP_URL: "https://app.leadbroom.test",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
    });
    expect(Object.keys(publicEnv(env)).sort()).toEqual(["PUBLIC_APP_URL", "STRIPE_PUBLISHABLE_KEY"]);
  });

  it("never carries a secret value", () => {
    const env = parseEnv({ ...secrets, STRIPE_PUBLISHABLE_KEY: "pk_test_1" });
    const serialised = JSON.stringify(publicEnv(env));
    for (const value of Object.values(secrets)) expect(serialised).not.toContain(value);
    for (const fragment of ["dbpass", "redispass", "smtppass", "sk_test_secret", "whsec_secret", "sk-openai"]) {
      expect(serialised).not.toContain(fragment);
    }
  });

  it("gives null for the publishable key when billing is not configured", () => {
    expect(publicEnv(parseEnv({}))).toEqual({ PUBLIC_APP_URL: "http://localhost:3000", STRIPE_PUBLISHABLE_KEY: null });
  });
});

describe("BILLING (self-hosting without a billing provider, decision 0072)", () => {
  it("is on by default, off when asked, and refuses anything else", () => {
    expect(parseEnv({}).BILLING).toBe("on");
    expect(parseEnv({ BILLING: "off" }).BILLING).toBe("off");
    expect(() => parseEnv({ BILLING: "no" })).toThrow(/BILLING/);
  });
});
