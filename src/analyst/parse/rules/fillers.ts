/**
 * Words that carry no part of a question's meaning on their own. A word left over after every rule
 * has claimed its words must be one of these; anything else is named back to the user rather than
 * silently dropped.
 */
const words = `a an the and or of for in on at to by from with within into over across per as
i we me my our us you your it its it's they them their this that these those there here
is are was were be been being am do does did done doing have has had having get gets got getting give
gives gave show shown showing tell list see look looking want need like please pls plz thanks thx
can could would should will shall may might must just only also too so then than now ok okay hey hi
what what's whats wats which who whose whom how how's when where whats all any each every some much many
number amount total overall sum combined altogether whole entire full
about around roughly approx approximately exactly really actually basically currently
did's ya yo quick quickly give me let us let's lets please
up down out off still ever yet already again
far so-far
money cash dollars bucks
figure figures stat stats numbers metrics metric data kpi kpis value values result
ads ad campaigns campaign account accounts meta facebook fb instagram ig
going doing perform performing performance performed
make made bring brought drive drove driven generate generated rack racked rake pull pulled
come came coming went go goes spent spend
rate count counts
one ones single
were we're i'm im i've ive we've weve
there's theres
not no
between
both
side
break broken split splitting grouped group
vs versus against compared compare comparison
biggest most
average avg blended attributed overall unique basis alone inside among counting including included
if right way keeps keep while instead rather same same-way first second third next last other
rank ranked ranking order ordered sorted sort
rise rising rose fall falling fell fallen apart climbing climb climbed sinks sinking sank slipped slipping
jumped jump jumps spiked spike decline declined declining drop dropped dropping move moved moving
higher lower more less better worse up down before after since until through
brings bring bringing brought making earn earning earned
plot graph chart visualize visualise
increase increased increases increasing decrease decreased decreases decreasing grow grew growing growth
declines tanked tanking surged surge surging dipped dip dips improved improving improve worsened worsening
two three four five pair change changed changes changing shift shifted moved
day days week weeks month months year years quarter quarters period periods time times date dates
january february march april may june july august september october november december
outbound put puts putting
help know think find found check checking tell telling guys team client clients boss
recently lately currently anything something everything nothing really pretty very super kinda
literally exactly precisely specifically quick brief briefly short simple simply again
breakdown detail details detailed info information answer question curious wondering wonder
platform overall across whole level levels thing things stuff spot spotted hello thanks thank cheers
going gone goes getting got gotten hit hitting hits reached reaching landing landed
currently today's yesterday's week's month's
plus people folks leaderboard fewer drops dips jumps happen happened happening ones
would've could've should've isn't aren't wasn't weren't didn't doesn't don't haven't hasn't
`.split(/\s+/);

export const FILLERS: ReadonlySet<string> = new Set(words);
