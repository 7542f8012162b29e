import { expect } from 'chai';
import { JOB_TYPES } from '../../shared/schemas/common';
import { generateSeedData, JOB_SPREAD_DAYS, type SeedData } from './generate';
import { ORGANIZATION_SIZES } from '../../shared/schemas/organization';
import { EXPERIENCE_LEVELS } from './vocabulary';

const NOW = new Date('2025-11-21T15:30:00Z');
const DAY = '2025-11-21';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('seed data generator', () => {
  let data: SeedData;

  before(() => {
    data = generateSeedData({ now: NOW });
  });

  describe('determinism', () => {
    it('gives identical rows for the same seed on the same day, whatever the hour', () => {
      expect(generateSeedData({ now: new Date('2025-11-21T00:00:01Z') })).to.deep.equal(data);
    });

    it('keeps every id when the reference day moves, so ids stay valid across days', () => {
      const later = generateSeedData({ now: new Date('2026-01-05T09:00:00Z') });
      expect(later.organizations.map((o) => o.id)).to.deep.equal(data.organizations.map((o) => o.id));
      expect(later.locations.map((l) => l.id)).to.deep.equal(data.locations.map((l) => l.id));
      expect(later.jobs.map((j) => j.id)).to.deep.equal(data.jobs.map((j) => j.id));
      expect(later.jobs[0].created_at).to.not.equal(data.jobs[0].created_at);
    });

    it('gives other rows for another seed', () => {
      const other = generateSeedData({ now: NOW, seed: 7 });
      expect(other.organizations[0].id).to.not.equal(data.organizations[0].id);
      expect(other.jobs.map((j) => j.title)).to.not.deep.equal(data.jobs.map((j) => j.title));
    });
  });

  describe('counts', () => {
    it('has at least 25 organizations, 40 locations and exactly 2000 jobs', () => {
      expect(data.organizations.length).to.be.at.least(25);
      expect(data.locations.length).to.be.at.least(40);
      expect(data.jobs).to.have.length(2000);
      expect(generateSeedData({ now: NOW, jobCount: 12 }).jobs).to.have.length(12);
    });

    it('gives every organization one to three projects and jobs', () => {
      for (const org of data.organizations) {
        const projects = data.projects.filter((p) => p.organization_id === org.id);
        expect(projects.length, org.name).to.be.within(1, 3);
        expect(
          data.jobs.some((j) => j.organization_id === org.id),
          org.name,
        ).to.equal(true);
      }
    });

    it('has three demo users: a recruiter in every organization, an applicant with an active resume, one without', () => {
      const [recruiter, applicant, withoutResume] = data.users;
      expect(data.users.map((u) => u.is_recruiter)).to.deep.equal([true, false, false]);
      expect(data.memberships.map((m) => m.organization_id)).to.deep.equal(data.organizations.map((o) => o.id));
      expect(data.memberships.every((m) => m.user_id === recruiter.id)).to.equal(true);
      expect(data.resumes).to.have.length(1);
      expect(data.resumes[0]).to.include({ user_id: applicant.id, is_active: true });
      expect(data.resumes.some((r) => r.user_id === withoutResume.id)).to.equal(false);
      expect(data.jobs.every((j) => j.created_by === recruiter.id)).to.equal(true);
    });
  });

  describe('demo keys', () => {
    it('are not part of the generated data: they are random, issued when the data is stored', () => {
      expect(Object.keys(data)).to.not.include('apiKeys');
      expect(JSON.stringify(generateSeedData({ jobCount: 5 }))).to.not.match(/jla_/);
    });
  });

  describe('constraints of the schema', () => {
    it('gives every row a distinct UUID v4', () => {
      const ids = [data.organizations, data.locations, data.projects, data.users, data.resumes, data.jobs].flat().map((r) => r.id);
      for (const id of ids) expect(id).to.match(UUID_V4);
      expect(new Set(ids).size).to.equal(ids.length);
    });

    it('keeps organizations within the allowed sizes, with websites and distinct names', () => {
      for (const org of data.organizations) {
        expect(ORGANIZATION_SIZES).to.include(org.size);
        expect(org.website).to.match(/^https:\/\/www\.[a-z0-9-]+\.example$/);
        expect(org.industry.length).to.be.within(1, 100);
      }
      expect(new Set(data.organizations.map((o) => o.name.toLowerCase())).size).to.equal(data.organizations.length);
    });

    it('marks exactly the remote locations as remote, and gives offices a full address', () => {
      const kinds = new Set(data.locations.map((l) => l.workplace_type));
      expect([...kinds].sort()).to.deep.equal(['hybrid', 'onsite', 'remote']);
      for (const loc of data.locations) {
        expect(loc.is_remote, loc.name).to.equal(loc.workplace_type === 'remote');
        if (loc.country_code !== null) expect(loc.country_code).to.match(/^[A-Z]{2}$/);
        if (!loc.is_remote) {
          for (const field of ['address_line1', 'city', 'region', 'postal_code', 'country_code'] as const)
            expect(loc[field], `${loc.name} ${field}`).to.be.a('string');
        }
      }
      expect(new Set(data.locations.map((l) => l.name)).size).to.equal(data.locations.length);
    });

    it('keeps every job field within the bounds the API enforces', () => {
      const orgIds = new Set(data.organizations.map((o) => o.id));
      const locIds = new Set(data.locations.map((l) => l.id));
      for (const job of data.jobs) {
        expect(job.title.length).to.be.within(1, 200);
        expect(job.salary.trim().length).to.be.within(1, 100);
        expect(job.description.length).to.be.within(1, 50_000);
        expect(JOB_TYPES).to.include(job.type);
        expect(EXPERIENCE_LEVELS).to.include(job.experience);
        expect(orgIds.has(job.organization_id)).to.equal(true);
        expect(locIds.has(job.location_id)).to.equal(true);
        for (const list of [job.skills, job.tags, job.responsibilities]) {
          expect(list.length).to.be.within(0, 50);
          expect(new Set(list).size).to.equal(list.length);
          for (const item of list) expect(item.length).to.be.within(1, 200);
        }
        expect(job.skills.length).to.be.at.least(4);
        if (job.project_id) expect(data.projects.find((p) => p.id === job.project_id)?.organization_id).to.equal(job.organization_id);
        if (job.resume_score_threshold !== null) expect(job.resume_score_threshold).to.be.within(0, 100);
        expect(job.updated_at).to.equal(job.created_at);
        expect(job.version).to.equal(1);
      }
    });
  });

  describe('realism', () => {
    it('writes descriptions of several sentences that name the organization', () => {
      for (const job of data.jobs.slice(0, 200)) {
        const org = data.organizations.find((o) => o.id === job.organization_id)!;
        expect(job.description.startsWith(org.name)).to.equal(true);
        expect(job.description.split(/\.\s/).length).to.be.at.least(4);
      }
    });

    it('uses believable titles whose prefix matches the experience level', () => {
      const titles = new Set(data.jobs.map((j) => j.title));
      expect(titles.size).to.be.at.least(150);
      for (const title of ['Senior Backend Engineer', 'Data Analyst', 'Product Designer']) expect(titles.has(title), title).to.equal(true);
      for (const job of data.jobs) {
        if (job.title.startsWith('Senior ')) expect(job.experience, job.title).to.equal('senior');
        if (/^(Junior) /.test(job.title)) expect(job.experience, job.title).to.equal('junior');
        if (/^(Lead|Staff|Principal) /.test(job.title)) expect(job.experience, job.title).to.equal('lead');
        if (job.title.endsWith(' Intern')) expect(job).to.include({ experience: 'entry', type: 'internship' });
        expect(job.title).to.not.match(/\b(\w+) .*\b\1$/); // no "Associate ... Associate"
      }
    });

    it('spreads every level, most employment types, and mixed-case skills', () => {
      expect(new Set(data.jobs.map((j) => j.experience)).size).to.equal(EXPERIENCE_LEVELS.length);
      expect(new Set(data.jobs.map((j) => j.type)).size).to.be.at.least(5);
      const skills = new Set(data.jobs.flatMap((j) => j.skills));
      for (const skill of ['TypeScript', 'PostgreSQL', 'Kubernetes', 'Figma', 'SQL']) expect(skills.has(skill), skill).to.equal(true);
    });

    it('spreads creation over the last 120 days, with some jobs closed, some inactive and most open', () => {
      const start = Date.parse(`${DAY}T00:00:00Z`);
      const created = data.jobs.map((j) => Date.parse(j.created_at));
      expect(Math.max(...created)).to.be.at.most(start);
      expect(Math.min(...created)).to.be.at.least(start - JOB_SPREAD_DAYS * 86_400_000);
      expect(Math.max(...created) - Math.min(...created)).to.be.above(100 * 86_400_000);
      const closed = data.jobs.filter((j) => j.closing_date !== null && j.closing_date < DAY);
      const inactive = data.jobs.filter((j) => !j.is_active);
      const open = data.jobs.filter((j) => j.is_active && (j.closing_date === null || j.closing_date >= DAY));
      expect(closed.length).to.be.within(50, 300);
      expect(inactive.length).to.be.within(50, 300);
      expect(open.length).to.be.at.least(1500);
      for (const job of closed) expect(job.closing_date! >= job.created_at.slice(0, 10)).to.equal(true);
      expect(data.jobs.some((j) => j.closing_date === null)).to.equal(true);
    });
  });
});
