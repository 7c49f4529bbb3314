/**
 * Material the essay writer composes student essays from. Every sentence is synthetic and plain
 * ASCII (the generated PDFs use a standard font). Claims never start with "I" or a proper noun,
 * because the writer may put a transition word in front of them.
 */
export interface EssayPoint {
  claims: string[];
  support: string[];
  evidence: string[];
}

export interface EssayTopic {
  title: string;
  hooks: string[];
  context: string[];
  theses: string[];
  points: EssayPoint[];
  /** Narratives and lab reports must keep their points in order. */
  isOrdered?: boolean;
  counter?: { claims: string[]; rebuttals: string[] };
  conclusions: string[];
  /** What a struggling writer says about the topic: simple, vague, personal. */
  casual: string[];
}

export type TopicKey =
  | 'later-start'
  | 'narrative'
  | 'tell-tale-heart'
  | 'reading-response'
  | 'research-proposal'
  | 'social-media'
  | 'revolution'
  | 'railroad'
  | 'creek-lab'
  | 'plastic-bags'
  | 'phones'
  | 'road-not-taken';

export const ESSAY_TOPICS: Record<TopicKey, EssayTopic[]> = {
  'later-start': [
    {
      title: 'Why School Should Start Later',
      hooks: [
        'At 6:15 in the morning most teenagers are not ready to learn anything, yet that is when many of us are already waiting for the bus.',
        'Walk into any first-period class and you will see the same thing: heads down, eyes half closed, and a teacher trying to wake up a room full of zombies.',
        'Every school day begins with an alarm that feels like it went off in the middle of the night.',
      ],
      context: [
        'Our district currently starts high school at 7:20, which means some students wake up before six.',
        'Over the last few years several districts in our state have moved their start times to 8:30 or later.',
        'Doctors and researchers have been studying teenage sleep for decades, and their findings are surprisingly consistent.',
      ],
      theses: [
        'School should start later because teenagers need more sleep, later start times improve learning, and the change makes students safer.',
        'Moving the first bell to 8:30 would help students stay healthy, focus in class, and arrive at school safely.',
        'Although changing the schedule is complicated, a later start time is the best way to help students succeed.',
      ],
      points: [
        {
          claims: [
            'The most important reason is that teenagers are biologically wired to fall asleep later.',
            'Teenagers need more sleep than most adults realize.',
          ],
          support: [
            'During puberty the body releases melatonin later at night, so most teens cannot fall asleep before eleven even if they try.',
            'Health experts recommend eight to ten hours of sleep for teenagers, but most of us get closer to six or seven.',
            'When sleep is cut short night after night, the missing hours add up into a real sleep debt.',
            'Going to bed earlier sounds like an easy fix, but lying awake in the dark for an hour does not help anyone.',
          ],
          evidence: [
            'The American Academy of Pediatrics has recommended that middle and high schools start no earlier than 8:30.',
            'In a survey of our class, twenty-two out of thirty students said they get less than seven hours of sleep on school nights.',
          ],
        },
        {
          claims: [
            'A later start time would make students better learners.',
            'Students who are well rested pay attention and remember more.',
          ],
          support: [
            'Sleep is when the brain moves new information into long-term memory, so a short night can erase part of what we studied.',
            "In first period many students are physically present but mentally absent, which wastes everyone's time.",
            'Teachers often have to repeat instructions in early classes because students miss them the first time.',
            'Grades in first-period classes are often lower than the same course taught later in the day.',
          ],
          evidence: [
            'Researchers who studied schools in Seattle found that after the district moved its start time later, students slept about thirty-four minutes more and their grades went up.',
            'A study of several Minnesota high schools found that attendance improved and fewer students fell asleep in class after the schedule changed.',
          ],
        },
        {
          claims: [
            'Safety is a serious reason to push the schedule back.',
            'Tired students are not just bad at algebra; they are more likely to get hurt.',
          ],
          support: [
            'Many juniors and seniors drive themselves to school while they are still groggy.',
            'Students who wait for the bus in the dark are harder for drivers to see in the winter months.',
            'Lack of sleep slows reaction time in a way that is similar to being impaired.',
            'Athletes who are short on sleep are more likely to be injured during practice.',
          ],
          evidence: [
            'One study found that crash rates for teen drivers dropped after their community moved school start times later.',
            'Sports medicine researchers found that athletes who slept less than eight hours were far more likely to get injured.',
          ],
        },
        {
          claims: [
            'A later start would help with stress and mental health.',
            'Students would be in a better mood and better able to cope with pressure.',
          ],
          support: [
            'When you are exhausted, small problems like a pop quiz or an argument feel much bigger than they are.',
            'Sleep loss has been linked to anxiety and depression in teenagers.',
            'Extra time in the morning would let students eat breakfast instead of grabbing a granola bar on the way out.',
            'Students who feel rested are more likely to participate and ask for help when they need it.',
          ],
          evidence: [
            'The Centers for Disease Control and Prevention reports that most high school students do not get enough sleep on school nights.',
            'Our school counselor told our class that sleep is one of the first things she asks about when a student is struggling.',
          ],
        },
      ],
      counter: {
        claims: [
          'Some people argue that a later start would interfere with sports, jobs, and family schedules.',
          'Critics say that if school starts later, students will simply stay up later and the problem will not go away.',
        ],
        rebuttals: [
          'These concerns are real, but districts that made the change adjusted practice times and bus routes within a year.',
          'The research shows that students actually gain sleep, because the body clock, not habit, decides when teens fall asleep.',
          'A schedule should be built around learning first, and other activities can adapt around it.',
        ],
      },
      conclusions: [
        'In the end, starting school later is a simple change that respects how teenagers actually work.',
        'Students would be healthier, safer, and more ready to learn, which is the whole point of school.',
        'Our district should follow the research and move the first bell to 8:30.',
        'If adults want us to do our best, they should give us a schedule that lets us be awake for it.',
      ],
      casual: [
        'School starts way too early and everyone is tired.',
        'I am always so tired in first period and I can barely keep my eyes open.',
        'My mom has to drag me out of bed every morning.',
        'Honestly nobody learns anything at 7 in the morning.',
        'If school started later I would be in a better mood.',
      ],
    },
  ],
  narrative: [
    {
      title: 'The Year We Moved',
      isOrdered: true,
      hooks: [
        'The moving truck was bigger than our whole apartment, or at least that is how it looked to me at thirteen.',
        "I counted the boxes the night before we left: forty-one, and every one of them had my mom's handwriting on it.",
      ],
      context: [
        'My family moved across the state the summer before eighth grade because my dad got a new job.',
        'Before that, I had lived in the same neighborhood my whole life and knew every street by heart.',
      ],
      theses: [
        'Moving to a new town was the hardest thing I had done, but it taught me that I could build a home anywhere.',
        'That move showed me that being brave usually means doing something scary more than once.',
      ],
      points: [
        {
          claims: ["The first week in the new town felt like living in someone else's life."],
          support: [
            'Nothing was where I expected it to be, not the grocery store, not the library, not even the light switches.',
            'At night I lay awake listening to unfamiliar sounds and missing the train that used to pass behind our old building.',
            'I texted my old friends constantly, but their replies got shorter every day.',
          ],
          evidence: [
            'One evening I walked to the end of our new street and realized I did not know a single person within a hundred miles.',
          ],
        },
        {
          claims: ['The first day of school was even worse than I had imagined.'],
          support: [
            'I got lost looking for the science wing and walked into the wrong classroom twice.',
            'At lunch I sat at the end of a table and pretended to read so nobody would notice I was alone.',
            'When a teacher asked me to introduce myself, my voice cracked and a few people laughed.',
          ],
          evidence: ['That afternoon I told my mom I wanted to move back, and I meant it.'],
        },
        {
          claims: ['Things started to change because of a sign-up sheet for the robotics club.'],
          support: [
            'I almost walked past it, but I wrote my name down before I could talk myself out of it.',
            'At the first meeting a girl named Priya handed me a screwdriver and asked if I knew anything about motors.',
            'I did not, but we spent the next three weeks figuring it out together.',
          ],
          evidence: [
            'By the end of the semester our team had a robot, a name, and a table we sat at together every day.',
          ],
        },
      ],
      conclusions: [
        'I still miss my old neighborhood sometimes, but I do not feel like a visitor anymore.',
        'Moving taught me that home is not a place you find; it is something you build one small risk at a time.',
        'Now when something new scares me, I remember that sign-up sheet and write my name down.',
      ],
      casual: [
        'Moving was really hard for me.',
        'I did not want to move at all and I was mad at my parents.',
        'The new school was big and confusing.',
        'Now I have friends so it is ok.',
      ],
    },
    {
      title: 'The Race I Lost',
      isOrdered: true,
      hooks: [
        'The starting gun is louder than you think, especially when your heart is already pounding.',
        'I had imagined winning that race so many times that losing it never even crossed my mind.',
      ],
      context: [
        'I joined the swim team in sixth grade and by ninth grade the 100-meter freestyle was my event.',
        'The regional meet was the biggest race of my season, and my whole family drove two hours to watch.',
      ],
      theses: [
        'Losing that race taught me more than any win, because it forced me to think about why I was swimming at all.',
        'That loss changed how I think about failure and about what it means to work hard.',
      ],
      points: [
        {
          claims: ['The weeks before the meet were all about one goal.'],
          support: [
            'I went to morning practice at 5:30 and stayed late to work on my turns.',
            'I stopped hanging out with friends on weekends because I wanted to rest for training.',
            'Every night I watched videos of my races and wrote down what I needed to fix.',
          ],
          evidence: ['My coach said I had a real chance to qualify for the state meet if I swam my best time.'],
        },
        {
          claims: ['The race itself lasted less than a minute, and I remember almost none of it.'],
          support: [
            'I dove in too early and had to slow down to avoid a false start.',
            'On the turn my foot slipped on the wall and I lost almost a full second.',
            'When I touched the wall and looked up at the board, I was sixth.',
          ],
          evidence: [
            'I sat in the locker room for twenty minutes with my towel over my head so nobody could see me crying.',
          ],
        },
        {
          claims: ['What happened afterward surprised me.'],
          support: [
            'My coach did not talk about my time at all; she asked me whether I still liked swimming.',
            'It was the first time I realized I had stopped having fun months before.',
            'Over the next few weeks I started to train for myself instead of for a number on a board.',
          ],
          evidence: ['The next season I dropped two seconds, and I enjoyed every practice along the way.'],
        },
      ],
      conclusions: [
        'I still do not like losing, but I am no longer afraid of it.',
        'That race taught me that failure is information, not a verdict.',
        'Sometimes the moment that changes you is the one you wish you could forget.',
      ],
      casual: [
        'I lost a big swim race and it was really sad.',
        'I trained so hard and it did not matter.',
        'My coach was nice about it though.',
        'Now I am better at swimming.',
      ],
    },
    {
      title: 'Sunday Mornings with My Grandmother',
      isOrdered: true,
      hooks: [
        'The kitchen always smelled like cardamom and burnt sugar on Sunday mornings.',
        'My grandmother never used a recipe, which was a problem when she decided to teach me to cook.',
      ],
      context: [
        'When I was twelve my grandmother moved in with us after my grandfather passed away.',
        'She did not speak much English, and my Spanish was not as good as I pretended it was.',
      ],
      theses: [
        'Learning to cook with my grandmother taught me patience, and it gave me a way to understand her that words never did.',
        'Those Sunday mornings showed me that family history lives in small, ordinary things.',
      ],
      points: [
        {
          claims: ['At first, cooking together was frustrating for both of us.'],
          support: [
            'She measured everything with her hands and expected me to know what "a little" meant.',
            'I burned the first batch of tortillas and she laughed so hard she had to sit down.',
            'I wanted to give up, but she kept setting out two aprons every Sunday.',
          ],
          evidence: [
            'After a month I could make a tortilla that was almost round, and she told everyone at church about it.',
          ],
        },
        {
          claims: ['Slowly the cooking turned into storytelling.'],
          support: [
            'While the beans simmered she told me about growing up in a village with no electricity.',
            'She explained that every recipe came from someone, and she named them as we cooked.',
            'I started writing her stories down on the backs of recipe cards so I would not forget them.',
          ],
          evidence: [
            'By the end of the year I had a box of forty cards, each with a recipe on one side and a story on the other.',
          ],
        },
        {
          claims: ['Last winter she got sick and could not cook anymore.'],
          support: [
            'For the first time, I made Sunday breakfast by myself while she watched from the table.',
            "She tasted the beans, closed her eyes, and said they tasted like her mother's.",
            'It was the best compliment I have ever received.',
          ],
          evidence: ['I still cook every Sunday, and I still use the recipe cards.'],
        },
      ],
      conclusions: [
        'My grandmother taught me that patience is a kind of love.',
        'Every time I cook, I am keeping a piece of her story alive.',
        'I used to think history was something in textbooks, but now I know it is also in my kitchen.',
      ],
      casual: [
        'My grandma taught me to cook and it was fun.',
        'She makes really good food.',
        'At first I was bad at it.',
        'Now I can cook some things by myself.',
      ],
    },
  ],
  'tell-tale-heart': [
    {
      title: 'The Unreliable Narrator in "The Tell-Tale Heart"',
      hooks: [
        'From the very first line of "The Tell-Tale Heart," the narrator begs the reader to believe that he is not mad.',
        'Few narrators work as hard to convince us of their sanity as the narrator of Edgar Allan Poe\'s "The Tell-Tale Heart."',
      ],
      context: [
        'Poe published the story in 1843, and it is told entirely by a man who has murdered an old man he lived with.',
        'The story is short, but almost every sentence reveals something about the speaker.',
      ],
      theses: [
        'Poe uses an unreliable narrator to show that the harder a person insists on his own sanity, the less we should trust him.',
        "The narrator's calm explanations, his obsession with the eye, and his final confession prove that he cannot be trusted.",
      ],
      points: [
        {
          claims: [
            "The narrator's own arguments for his sanity undermine him.",
            'The narrator claims that his careful planning proves he is sane.',
          ],
          support: [
            "He brags about how slowly he opened the old man's door every night for a week.",
            'A sane person would not describe a murder plan as proof of good judgment.',
            'His pride in the plan shows that he does not understand how disturbing his actions are.',
          ],
          evidence: [
            'He asks the reader to notice "how wisely I proceeded," which is chilling rather than convincing.',
            'He says his disease has "sharpened my senses," turning a symptom into a reason to trust him.',
          ],
        },
        {
          claims: [
            'The narrator has no real motive, which makes his reasoning even more disturbing.',
            "The motive for the murder is the strongest evidence of the narrator's madness.",
          ],
          support: [
            'He admits that he loved the old man and that the old man never wronged him.',
            "His only reason is the old man's pale blue eye, which he compares to a vulture's.",
            'Killing someone because of the way his eye looks is not a logical decision.',
          ],
          evidence: ['He says, "Object there was none. Passion there was none," and then blames the eye.'],
        },
        {
          claims: [
            "The ending shows that guilt breaks through the narrator's calm story.",
            'The sound of the beating heart reveals what the narrator cannot admit.',
          ],
          support: [
            'The police are relaxed and chatting, but the narrator hears a sound that grows louder and louder.',
            'Most readers understand that the heartbeat is in his own mind, not under the floor.',
            'His confession shows that his conscience is stronger than his pride.',
          ],
          evidence: [
            'He screams at the officers to tear up the planks, which destroys the perfect crime he was so proud of.',
          ],
        },
      ],
      counter: {
        claims: ['Some readers argue that the heartbeat is real and that the story is a supernatural tale.'],
        rebuttals: [
          "Even if the sound were real, the narrator's reaction still shows how unstable he is.",
          'Poe gives us every reason to doubt the narrator, so it makes more sense to read the sound as guilt.',
        ],
      },
      conclusions: [
        'Poe lets the narrator talk himself into a confession, and that is what makes the story so unsettling.',
        'By the end, the reader trusts the narrator less with every word he says.',
        'The story is a reminder that how someone tells a story can matter as much as what happens in it.',
      ],
      casual: [
        'The narrator is crazy even though he says he is not.',
        'The story was creepy and I liked it.',
        'He killed the old man because of his eye which makes no sense.',
        'At the end he hears the heart and tells the police.',
      ],
    },
  ],
  'reading-response': [
    {
      title: 'Reading Response',
      hooks: [
        'This week I finished the second half of my independent reading book, and the ending surprised me.',
        'The book I chose for independent reading is about a family that runs a small bakery.',
        'I picked a graphic novel this time, and I was surprised by how much it made me think.',
      ],
      context: [
        'The main character is a girl who has to decide between staying in her hometown and leaving for a scholarship.',
        'The story is told from two points of view, which took me a few chapters to get used to.',
      ],
      theses: [
        'The biggest theme in the book so far is that loyalty can be both a strength and a trap.',
        'This section made me think about how people change when they are under pressure.',
      ],
      points: [
        {
          claims: ['The character I connected with most was the younger brother.'],
          support: [
            'He is always trying to fix things for other people, even when nobody asked him to.',
            'I understand that because I am the oldest in my family and I do the same thing.',
            'When he finally says no to his sister, it felt like a turning point.',
          ],
          evidence: [
            'The author shows his change through small actions, like the scene where he leaves the dishes in the sink.',
          ],
        },
        {
          claims: ['The setting matters more than I expected.'],
          support: [
            'The town is described as quiet and safe, but also as a place where nothing ever changes.',
            'The weather always seems to match the mood of the chapter.',
            'By the end I could picture the main street as if I had walked down it myself.',
          ],
          evidence: [
            'In chapter twelve the author describes the closed factory as a building that "kept its lights on for nobody."',
          ],
        },
        {
          claims: ['One question I still have is whether the narrator can be trusted.'],
          support: [
            'She leaves out important details until the very end.',
            'Other characters remember the same events differently.',
            'I want to reread the first chapter now that I know what really happened.',
          ],
          evidence: ['The last page made me think the whole book might be a letter to her brother.'],
        },
      ],
      conclusions: [
        'Overall I would recommend this book to anyone who likes quiet stories with big decisions in them.',
        'Next week I want to start the sequel, if the library has it.',
      ],
      casual: [
        'The book was good.',
        'I liked the main character a lot.',
        'Some parts were boring but the ending was cool.',
        'I would give it four stars.',
      ],
    },
  ],
  'research-proposal': [
    {
      title: 'Research Paper Proposal',
      hooks: [
        'My research question is whether four-day school weeks help or hurt student learning.',
        'For my research paper I want to study how social media algorithms shape what teenagers believe.',
        'I plan to research whether banning homework in elementary school improves student well-being.',
      ],
      context: [
        'This topic matters to me because a district near us is debating the change right now.',
        'I have noticed that people my age talk about this topic all the time, but rarely with evidence.',
      ],
      theses: [
        'My working thesis is that the change helps some students but widens gaps for others.',
        'I expect to argue that the benefits are real but smaller than supporters claim.',
      ],
      points: [
        {
          claims: ['The first part of my paper will explain the background of the debate.'],
          support: [
            'I will summarize when and why schools started trying this idea.',
            'I will define the key terms so the reader knows exactly what I am comparing.',
          ],
          evidence: ['I have already found two news articles and a government report to start with.'],
        },
        {
          claims: ['The second part will look at the strongest research on both sides.'],
          support: [
            'I want to use at least two peer-reviewed studies from the library database.',
            'I will compare results from rural and urban districts because they seem to differ.',
          ],
          evidence: ['One study I found looked at test scores in more than two hundred schools.'],
        },
        {
          claims: ['The final part will make a recommendation for our own community.'],
          support: [
            'I plan to interview a teacher and a parent to include local perspectives.',
            'I will explain what questions the research still cannot answer.',
          ],
          evidence: ['My timeline is to finish my notes by the end of the month and my first draft two weeks later.'],
        },
      ],
      conclusions: [
        'I am excited about this topic because it affects real students, and I think the answer is more complicated than people think.',
      ],
      casual: [
        'I want to research something about school.',
        'I am not sure what my question is yet.',
        'I will look on the internet for sources.',
      ],
    },
  ],
  'social-media': [
    {
      title: 'Is Social Media Good for Teenagers?',
      hooks: [
        'Most of us check our phones before we even get out of bed.',
        'Social media is where a lot of teenagers spend their free time, for better or worse.',
      ],
      context: ['Almost everyone in our grade uses at least one social media app every day.'],
      theses: [
        'Social media is not good or bad by itself; it depends on how we use it.',
        'Overall, social media does more harm than good for teenagers.',
        'Social media helps teenagers more than adults give it credit for.',
      ],
      points: [
        {
          claims: ['Social media helps people stay connected.'],
          support: [
            'My cousins live in another country, and group chats are how we keep in touch.',
            'Students who feel alone at school can find communities of people with the same interests.',
            'It is also a fast way to find out about events, clubs, and volunteer opportunities.',
          ],
          evidence: [
            'A Pew Research survey found that many teens say social media makes them feel more connected to their friends.',
          ],
        },
        {
          claims: ['Constant comparison is one of the biggest problems with social media.'],
          support: [
            'People only post their best moments, so everyone else seems happier and more successful.',
            'Filters make it hard to remember what real faces and bodies look like.',
            'It is easy to measure your worth in likes without even noticing you are doing it.',
          ],
          evidence: [
            'The U.S. Surgeon General issued an advisory warning about the effects of social media on teen mental health.',
          ],
        },
        {
          claims: ['Social media affects sleep and focus.'],
          support: [
            'Apps are designed to keep you scrolling, so "five more minutes" turns into an hour.',
            'Notifications interrupt homework constantly.',
            'A lot of us are on our phones late at night when we should be sleeping.',
          ],
          evidence: ['When I turned off notifications for a week, I finished my homework almost an hour faster.'],
        },
      ],
      counter: {
        claims: ['Some people say teenagers should just delete the apps.'],
        rebuttals: [
          'That is not realistic, because social media is part of how our generation communicates.',
          'Learning to use it in healthy ways is a better goal than avoiding it completely.',
        ],
      },
      conclusions: [
        'In the end, the question is not whether teens use social media, but whether they control it or it controls them.',
        'Schools and families should teach healthy habits instead of just banning phones.',
      ],
      casual: [
        'I use social media every day and it is fine.',
        'Sometimes it makes me feel bad about myself.',
        'My parents think I am on my phone too much.',
      ],
    },
  ],
  revolution: [
    {
      title: 'Causes of the American Revolution',
      hooks: [
        'In 1763 most colonists were proud to be British; twelve years later they were shooting at British soldiers.',
        'The American Revolution did not begin with a single battle, but with a long series of arguments about power and money.',
      ],
      context: [
        'After the French and Indian War, Britain was deeply in debt and looked to the colonies to help pay for their defense.',
        'Colonial assemblies had grown used to governing themselves during decades of what historians call salutary neglect.',
      ],
      theses: [
        "The Revolution was caused mainly by disputes over taxation without representation, made worse by Britain's harsh responses to colonial protest.",
        'Economic grievances started the conflict, but political ideas about self-government turned protest into revolution.',
      ],
      points: [
        {
          claims: [
            'The first major cause was a series of new taxes passed without colonial consent.',
            'British tax policy after 1763 angered colonists across social classes.',
          ],
          support: [
            'The Stamp Act of 1765 taxed newspapers, legal documents, and even playing cards.',
            'Colonists argued that only their own elected assemblies had the right to tax them.',
            'Protests were organized through groups like the Sons of Liberty and through boycotts of British goods.',
          ],
          evidence: [
            'Document A, the resolutions of the Stamp Act Congress, states that taxes cannot be imposed on colonists "but with their own consent."',
            'The boycotts were effective enough that Parliament repealed the Stamp Act in 1766.',
          ],
        },
        {
          claims: [
            'British military responses turned political disagreement into open hostility.',
            'The presence of British troops made the conflict personal.',
          ],
          support: [
            'Soldiers stationed in Boston competed with local workers for jobs and were resented in the streets.',
            'In 1770 soldiers fired into a crowd, killing five people in what colonists called the Boston Massacre.',
            "Propaganda such as Paul Revere's engraving spread an emotional version of the event throughout the colonies.",
          ],
          evidence: [
            "Document C, Revere's engraving, shows soldiers firing in an orderly line at peaceful citizens, even though the real event was chaotic.",
          ],
        },
        {
          claims: [
            'The Intolerable Acts united the colonies against Britain.',
            "Britain's punishment of Massachusetts convinced other colonies that their own rights were in danger.",
          ],
          support: [
            'After the Boston Tea Party, Parliament closed Boston Harbor and restricted town meetings.',
            'Other colonies sent food and supplies to Boston and organized the First Continental Congress.',
            'Leaders began to argue that the problem was not a single law but the whole relationship with Britain.',
          ],
          evidence: [
            'Document E, a letter from the Continental Congress, describes the acts as a threat to "the liberties of all America."',
          ],
        },
        {
          claims: [
            'Enlightenment ideas gave colonists a language to justify independence.',
            'New ideas about natural rights shaped how colonists understood their conflict with Britain.',
          ],
          support: [
            'Writers like John Locke argued that governments exist to protect life, liberty, and property.',
            'If a government violated those rights, people had the right to change it.',
            'Pamphlets made these ideas available to ordinary colonists, not just educated elites.',
          ],
          evidence: [
            "Thomas Paine's Common Sense sold more than one hundred thousand copies in 1776 and argued that independence was simple common sense.",
          ],
        },
      ],
      counter: {
        claims: [
          'Some historians argue that colonial elites pushed for revolution mainly to protect their own wealth.',
        ],
        rebuttals: [
          'Economic self-interest certainly played a role, but it does not explain why farmers, artisans, and laborers joined the fight.',
          'The documents show that ideas about rights and representation mattered to people across the colonies.',
        ],
      },
      conclusions: [
        'The American Revolution grew out of a conflict over who had the right to govern the colonies.',
        "Taxes started the argument, but Britain's harsh responses and the spread of new ideas turned it into a war for independence.",
        'Understanding these causes helps explain why the new nation cared so much about representation and limits on power.',
      ],
      casual: [
        'The colonists did not like the British taxes.',
        'The Boston Tea Party was when they threw tea in the harbor.',
        'They wanted freedom so they had a war.',
      ],
    },
  ],
  railroad: [
    {
      title: 'The Impact of the Transcontinental Railroad',
      hooks: ['In 1869 a trip across the country that once took months suddenly took about a week.'],
      context: ['The Central Pacific and Union Pacific lines met at Promontory Summit, Utah, in May 1869.'],
      theses: [
        'The transcontinental railroad transformed the American economy, but it came at a terrible cost to Native Americans and to the workers who built it.',
        'The railroad connected the nation economically while deepening conflicts in the West.',
      ],
      points: [
        {
          claims: ['The railroad created a national market.'],
          support: [
            'Farmers in the West could ship crops to cities in the East.',
            'Manufactured goods moved quickly and cheaply across the country.',
            'New towns grew up along the tracks almost overnight.',
          ],
          evidence: ['Within a few decades the United States had more railroad track than all of Europe combined.'],
        },
        {
          claims: ['The workers who built the railroad faced dangerous conditions.'],
          support: [
            'Thousands of Chinese immigrants worked on the Central Pacific line, often for lower pay than white workers.',
            'Crews blasted tunnels through the Sierra Nevada in brutal winters.',
            'Many workers died in accidents and avalanches.',
          ],
          evidence: ['Chinese workers went on strike in 1867 demanding equal pay and shorter hours.'],
        },
        {
          claims: ['Native nations lost land and their way of life as the railroad expanded.'],
          support: [
            'The railroad brought settlers onto lands that had been promised to Native nations.',
            'Hunters shot bison from trains, helping to destroy the herds that Plains peoples depended on.',
            'The federal government used the railroad to move troops quickly during conflicts.',
          ],
          evidence: ['The bison population fell from millions to only a few hundred animals by the late 1880s.'],
        },
      ],
      conclusions: [
        'The transcontinental railroad was a remarkable achievement that changed the country.',
        'Its story shows that progress for some Americans often came at the expense of others.',
      ],
      casual: [
        'The railroad went across the whole country.',
        'It made travel faster.',
        'It was bad for Native Americans.',
      ],
    },
  ],
  'creek-lab': [
    {
      title: 'Lab Report: Water Quality in Miller Creek',
      isOrdered: true,
      hooks: [
        'Purpose: The purpose of this lab was to measure the water quality of Miller Creek at three sites and decide whether the creek is healthy.',
        'Question: Does the water quality of Miller Creek change as it flows past the shopping center parking lot?',
      ],
      context: [
        'Runoff from roads and parking lots can carry oil, salt, and fertilizer into streams.',
        'Healthy streams usually have high dissolved oxygen, a neutral pH, and many kinds of macroinvertebrates.',
      ],
      theses: [
        'Hypothesis: If runoff from the parking lot enters the creek, then the downstream site will have lower dissolved oxygen and fewer macroinvertebrates than the upstream site.',
        'Our group predicted that the site below the storm drain would have the worst water quality of the three sites.',
      ],
      points: [
        {
          claims: ['Methods: We sampled three sites along the creek on the same morning.'],
          support: [
            'Site A was upstream in the park, Site B was next to the storm drain, and Site C was two hundred meters downstream.',
            'At each site we measured temperature, pH, dissolved oxygen, and turbidity using the class test kits.',
            'We also used a kick net for three minutes and counted the macroinvertebrates we caught.',
          ],
          evidence: ['Each measurement was repeated three times and we recorded the average in our data table.'],
        },
        {
          claims: ['Results: The water quality was noticeably different between the sites.'],
          support: [
            'Dissolved oxygen was 9.1 mg/L at Site A, 6.4 mg/L at Site B, and 7.8 mg/L at Site C.',
            'The pH stayed between 7.0 and 7.4 at all three sites.',
            'We found 46 macroinvertebrates at Site A, including mayfly and stonefly larvae, but only 12 at Site B, mostly worms and midges.',
          ],
          evidence: ['Turbidity was highest at Site B, where the water looked cloudy and smelled slightly of oil.'],
        },
        {
          claims: ['Discussion: The data mostly supports our hypothesis.'],
          support: [
            'The drop in dissolved oxygen and in sensitive organisms at Site B suggests that runoff is affecting the creek.',
            'The partial recovery at Site C shows that the stream can recover as it flows and mixes.',
            'One source of error is that we sampled only one day, right after it rained the night before.',
          ],
          evidence: ['In the future we would sample several times over a month to see whether the pattern holds.'],
        },
      ],
      conclusions: [
        'Conclusion: Miller Creek is fairly healthy upstream, but the area near the storm drain shows signs of pollution from runoff.',
        'Adding a rain garden or filter at the storm drain could help protect the creek.',
      ],
      casual: [
        'We went to the creek and tested the water.',
        'Site B was dirty.',
        'The bugs were gross but interesting.',
      ],
    },
  ],
  'plastic-bags': [
    {
      title: 'Our Town Should Ban Single-Use Plastic Bags',
      hooks: [
        'The average plastic bag is used for about twelve minutes, but it can last for hundreds of years.',
        'On our class trip to Miller Creek we pulled more plastic bags out of the water than fish.',
      ],
      context: [
        'Several cities in our state have already banned single-use plastic bags or added a small fee for them.',
      ],
      theses: [
        'Our town should ban single-use plastic bags because they pollute waterways, harm wildlife, and have easy alternatives.',
        'A plastic bag ban is a small change that would make a real difference for our local environment.',
      ],
      points: [
        {
          claims: ['Plastic bags are a major source of litter in our local waterways.'],
          support: [
            'They are light enough to blow out of trash cans and landfills.',
            'Storm drains carry them straight into creeks and rivers.',
            'They break into microplastics instead of breaking down completely.',
            'Once a bag is in the water it can travel for miles before it snags on a root or a rock.',
            'Cleanup crews spend hours every year pulling bags out of fences, ditches and creek banks.',
          ],
          evidence: [
            'During our class cleanup we collected thirty-seven plastic bags from a single stretch of the creek.',
          ],
        },
        {
          claims: ['Wildlife is harmed when animals mistake plastic for food.'],
          support: [
            'Turtles and birds can swallow bags and starve because their stomachs feel full.',
            'Animals can also get tangled in bags and drown.',
            'The macroinvertebrates we counted in Miller Creek need clean gravel, not gravel covered in plastic film.',
            'Microplastics move up the food chain from insects to fish to the birds that eat them.',
          ],
          evidence: ['Scientists have found plastic in the stomachs of many species of seabirds.'],
        },
        {
          claims: ['The alternatives are cheap and easy.'],
          support: [
            'Reusable bags cost about a dollar and last for years.',
            'Many stores already sell reusable bags at the checkout.',
            'People adapt quickly once a ban is in place.',
            'Paper bags and boxes are available for shoppers who forget their reusable bags.',
          ],
          evidence: [
            'After one nearby city passed a ban, plastic bag litter in its streets dropped sharply within a year.',
          ],
        },
      ],
      counter: {
        claims: ['Opponents argue that a ban is unfair to low-income families.'],
        rebuttals: [
          'The town could give away free reusable bags to families who need them.',
          'Over time, reusable bags actually save shoppers money.',
        ],
      },
      conclusions: [
        'Banning single-use plastic bags is a practical step our town can take right now.',
        'The creek we studied deserves better than to be a plastic bag trap.',
      ],
      casual: [
        'Plastic bags are bad for the environment.',
        'I see them everywhere.',
        'People should use reusable bags.',
      ],
    },
  ],
  phones: [
    {
      title: 'Should Cell Phones Be Allowed in Class?',
      hooks: ['Phones are in almost every pocket in our school, whether teachers like it or not.'],
      context: ['Our school currently lets each teacher decide whether phones are allowed in class.'],
      theses: [
        'Cell phones should be allowed in class only when teachers use them for learning activities.',
        'Cell phones should be put away during class because they distract students more than they help.',
      ],
      points: [
        {
          claims: ['Phones can be useful learning tools.'],
          support: [
            'Students can look up information, use calculators, and take pictures of notes.',
            'Some classes use phones for quick quizzes and polls.',
            'Phones let students check the class calendar and see assignments they missed.',
            'Students who cannot afford a laptop often rely on their phone to do research.',
          ],
          evidence: ['In science class we used our phones to record a video of an experiment and analyze it.'],
        },
        {
          claims: ['Phones are a huge distraction.'],
          support: [
            'Notifications pull attention away from the lesson.',
            'It only takes a few seconds of scrolling to miss an important explanation.',
            'Students who text during class often have to ask classmates what they missed.',
            'Phones also make it easy to cheat on quizzes by looking up answers.',
          ],
          evidence: ['Research shows that even having a phone on the desk can lower concentration.'],
        },
        {
          claims: ['Clear rules are the best compromise.'],
          support: [
            'Phones could stay in bags unless the teacher asks students to take them out.',
            'Students would learn self-control instead of just following a ban.',
            'Teachers could post a simple sign that shows when phones are allowed and when they are not.',
          ],
          evidence: ['Classes in our school with clear phone rules have fewer arguments about phones.'],
        },
      ],
      conclusions: ['A clear and consistent phone policy would help students learn and help teachers teach.'],
      casual: ['Phones should be allowed because we need them.', 'Teachers take phones away too much.'],
    },
  ],
  'road-not-taken': [
    {
      title: 'Choice and Regret in "The Road Not Taken"',
      hooks: [
        '"The Road Not Taken" is often read at graduations as a poem about being different, but that may not be what Robert Frost meant.',
      ],
      context: [
        'Frost published the poem in 1916, and it describes a traveler choosing between two paths in a yellow wood.',
      ],
      theses: [
        "Frost's poem is less about choosing the unusual path and more about how people tell stories about their choices afterward.",
      ],
      points: [
        {
          claims: ['The two roads are described as nearly identical.'],
          support: [
            'The speaker says the paths were worn "really about the same."',
            'This detail suggests that the choice was not as dramatic as it later seems.',
            'The speaker even admits he cannot see far down either path.',
          ],
          evidence: ['Both roads "equally lay / In leaves no step had trodden black."'],
        },
        {
          claims: ['The final stanza looks ahead to how the speaker will remember the choice.'],
          support: [
            'The speaker imagines telling the story "with a sigh" many years later.',
            'The sigh could mean regret, nostalgia, or pride, which makes the ending ambiguous.',
            'Frost seems to be pointing out how people turn random choices into stories about who they are.',
          ],
          evidence: [
            'The claim that taking the less traveled road "made all the difference" contradicts the earlier description.',
          ],
        },
        {
          claims: ['The title itself points to what the speaker did not choose.'],
          support: [
            'The poem is named for the road not taken, not the road the speaker followed.',
            'The speaker says he kept the first road "for another day" but doubts he will ever come back.',
            'This suggests that every choice also closes off other possibilities.',
          ],
          evidence: ['The line "knowing how way leads on to way" shows that one decision leads to many others.'],
        },
      ],
      conclusions: ['The poem reminds readers that the meaning of a choice is often created after the fact.'],
      casual: ['The poem is about making choices.', 'He picks the road less traveled.'],
    },
  ],
};
