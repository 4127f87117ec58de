import { buildAccount } from './plan-builder';
import { spendSurge } from './scenario-effects';

/** The lead account of the 'demo' size: an online school that collects sign-ups through lead forms. */
export const northwindLearning = buildAccount({
  accountNo: 2,
  accountId: '2759014468320173',
  name: 'Northwind Learning',
  currency: 'USD',
  timezone: 'America/Los_Angeles',
  conversion: 'lead',
  tagline: 'Free to start, no credit card, certificates employers recognise.',
  campaigns: [
    {
      name: 'Lead Gen - Free Course Signup',
      objective: 'OUTCOME_LEADS',
      dailyBudget: 120,
      cpm: 17,
      linkCtrPercent: 1.3,
      conversionRate: 0.11,
      frequency: 1.2,
      averageOrderValue: 0,
      adSets: [
        {
          name: 'Free Course | US 22-45 Career Changers',
          weight: 1.3,
          ads: [
            ['Video - Student Success Story #701', 1.2],
            ['Image - Free Python Course #702', 1],
            ['Carousel - Course Modules #703', 0.8],
          ],
        },
        {
          name: 'Free Course | Lookalike 1% Leads',
          weight: 1,
          ads: [
            ['Video - Instructor Intro #704', 1],
            ['Image - Certificate Preview #705', 1],
          ],
        },
        {
          name: 'Free Course | Advantage+ Audience',
          weight: 0.8,
          ads: [
            ['Image - Learn in 10 Min a Day #706', 1],
            ['Video - Day in the Life #707', 1, { startDaysAgo: 60 }],
          ],
        },
      ],
    },
    {
      name: 'Lead Gen - Webinar Registrations',
      objective: 'OUTCOME_LEADS',
      dailyBudget: 60,
      cpm: 19,
      linkCtrPercent: 1.2,
      conversionRate: 0.09,
      frequency: 1.22,
      averageOrderValue: 0,
      effect: spendSurge,
      settings: { budget: 'adset', bidStrategy: 'LOWEST_COST_WITHOUT_CAP', budgetChange: 2.3 },
      adSets: [
        {
          name: 'Webinar | US Professionals 25-54',
          weight: 1.2,
          ads: [
            ['Video - Webinar Teaser #801', 1.2],
            ['Image - Live Q&A Banner #802', 1],
          ],
        },
        {
          name: 'Webinar | Retarget Course Visitors 60d',
          weight: 0.8,
          ads: [
            ['Image - Seats Filling Fast #803', 1],
            ['Carousel - Speaker Lineup #804', 0.8],
            ['Image - Save Your Spot #805', 1],
          ],
        },
      ],
    },
    {
      name: 'Engagement - Community Posts',
      objective: 'OUTCOME_ENGAGEMENT',
      dailyBudget: 25,
      cpm: 7,
      linkCtrPercent: 0.5,
      conversionRate: 0,
      frequency: 1.35,
      averageOrderValue: 0,
      settings: {
        budget: 'campaign',
        bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
        optimizationGoal: 'POST_ENGAGEMENT',
      },
      adSets: [
        {
          name: 'Community | Followers + Lookalike',
          weight: 1,
          ads: [
            ['Image - Student Spotlight #901', 1],
            ['Video - Study Tips Reel #902', 1.2],
          ],
        },
        {
          name: 'Community | Broad US 18-44',
          weight: 1,
          ads: [
            ['Image - Quote of the Week #903', 0.8],
            ['Video - Behind the Scenes #904', 1],
          ],
        },
      ],
    },
    {
      name: 'Retargeting - Lead Magnet Visitors',
      objective: 'OUTCOME_LEADS',
      dailyBudget: 60,
      cpm: 24,
      linkCtrPercent: 1.7,
      conversionRate: 0.13,
      frequency: 1.6,
      averageOrderValue: 0,
      settings: { budget: 'adset', bidStrategy: 'COST_CAP' },
      adSets: [
        {
          name: 'Retargeting | Site Visitors 30d',
          weight: 1.2,
          ads: [
            ['Image - Free Syllabus Download #1001', 1],
            ['Video - Alumni Testimonial #1002', 1],
          ],
        },
        {
          name: 'Retargeting | Video Viewers 50%',
          weight: 0.8,
          ads: [
            ['Image - Enrollment Deadline #1003', 1, { paused: true }],
            ['Carousel - Career Paths #1004', 1],
          ],
        },
      ],
    },
  ],
});
